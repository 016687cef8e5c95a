import { execFileSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { randomEmail } from '../../tests/support/test-data';
import { signUp } from '../fixtures/accounts';
import { seriousViolations } from '../fixtures/axe';

// A team from two browsers: the owner (Pro, set the way a self-hoster sets it) invites a second
// account, which joins through the link in its own browser context; the owner then removes it.

function setPlan(email: string, plan: 'pro') {
  execFileSync('npm', ['run', '--silent', 'admin', '--', 'set-plan', email, plan], { encoding: 'utf8' });
}

/** Joining a team needs the address verified (as the mailed link would). */
function verifyEmail(email: string) {
  execFileSync('npm', ['run', '--silent', 'admin', '--', 'verify-email', email], { encoding: 'utf8' });
}

test('an owner invites a second account, it joins, and the owner removes it', async ({ browser }) => {
  const ownerContext = await browser.newContext();
  const guestContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  const invitee = await guestContext.newPage();
  const ownerEmail = randomEmail();
  const inviteeEmail = randomEmail();
  await signUp(owner, ownerEmail);
  setPlan(ownerEmail, 'pro');

  await owner.goto('/dashboard/team');
  await owner.getByTestId('team-name-input').fill('E2E team');
  await owner.getByTestId('create-team-button').click();
  await expect(owner.getByTestId('team-member')).toHaveCount(1);
  await owner.getByTestId('invite-email-input').fill(inviteeEmail);
  await owner.getByTestId('invite-button').click();
  const link = (await owner.getByTestId('invite-link-value').textContent()) ?? '';
  expect(link).toMatch(/\/team\/join\?token=/);
  await expect(owner.getByTestId('open-invitation')).toHaveCount(1);
  expect(await seriousViolations(owner)).toEqual([]);

  // The invitee opens the link signed out: sign-up first, then back to the join page.
  await invitee.goto(link);
  await expect(invitee).toHaveURL(/\/sign-in/);
  await signUp(invitee, inviteeEmail);
  verifyEmail(inviteeEmail);
  await invitee.goto(link);
  expect(await seriousViolations(invitee)).toEqual([]);
  await invitee.getByTestId('join-team-button').click();
  await expect(invitee).toHaveURL(/\/dashboard\/team$/);
  await expect(invitee.getByTestId('team-member')).toHaveCount(2);
  await expect(invitee.getByTestId('leave-team')).toBeVisible();

  await owner.reload();
  await expect(owner.getByTestId('open-invitation')).toHaveCount(0);
  await owner.getByTestId('remove-member').click();
  await expect(owner.getByTestId('remove-member-dialog')).toBeVisible();
  expect(await seriousViolations(owner)).toEqual([]);
  await owner.getByTestId('confirm-ok').click();
  await expect(owner.getByTestId('team-member')).toHaveCount(1);

  await invitee.reload();
  await expect(invitee.getByTestId('create-team-card')).toBeVisible();
  await ownerContext.close();
  await guestContext.close();
});
