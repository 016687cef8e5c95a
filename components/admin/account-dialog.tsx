'use client';

import { useId, useState, type ReactNode } from 'react';
import type { Attempt } from '@/components/api/browser-client';
import { Notice } from '@/components/account/notice';
import { Spinner } from '@/components/account/submit-button';
import { smallButton } from '@/components/dashboard/small-button';
import { useModalDialog } from '@/components/dashboard/use-modal-dialog';
import { PLANS } from '@/lib/plans';
import type { AdminAccountChangeJson, AdminAccountJson } from './types';

/** The body of PATCH /api/v1/admin/accounts/{id}: the fields to change. */
export type AccountChange = Partial<Pick<AdminAccountJson, 'plan' | 'verified' | 'disabled' | 'role'>>;

type Props = {
  account: AdminAccountJson;
  /** The administrator's own account: disabling, demoting and deleting it are refused (the API answers 409). */
  self: boolean;
  onChange: (change: AccountChange) => Promise<Attempt<AdminAccountChangeJson>>;
  onDelete: () => void;
  onClose: () => void;
};

/**
 * One account's actions in a modal (native <dialog>): plan, verification, disabled mark, admin role,
 * deletion. Each action is one PATCH; what the API answers (its warnings, the Stripe caveat, an
 * error) is shown in the dialog.
 */
export function AccountDialog({ account, self, onChange, onDelete, onClose }: Props) {
  const ref = useModalDialog(true);
  const titleId = useId();
  const planId = useId();
  const [plan, setPlan] = useState(account.plan);
  const [pending, setPending] = useState<keyof AccountChange | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<{ stripeManaged: boolean; warnings: string[]; done: string } | null>(null);

  async function run(field: keyof AccountChange, change: AccountChange, done: string) {
    setPending(field);
    setError(null);
    setResult(null);
    const outcome = await onChange(change);
    setPending(null);
    if (!outcome.ok) setError(outcome.message);
    else
      setResult({
        stripeManaged: field === 'plan' && outcome.data.stripe_managed,
        warnings: outcome.data.warnings,
        done,
      });
  }

  const busy = pending !== null;
  const spin = (field: keyof AccountChange) => pending === field && <Spinner />;

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      data-testid="account-dialog"
      onClose={onClose}
      className="m-auto w-[calc(100%-2rem)] max-w-lg rounded-2xl border border-zinc-200 bg-white p-0 text-zinc-900 shadow-xl backdrop:bg-zinc-950/50 backdrop:backdrop-blur-sm dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-100"
    >
      <div className="flex flex-col gap-5 p-5 sm:p-6">
        <div className="flex flex-col gap-1">
          <h2 id={titleId} className="text-lg font-semibold tracking-tight wrap-anywhere">
            {account.email}
          </h2>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            {account.name ? `${account.name} · ` : ''}
            {account.role === 'admin' ? 'Administrator' : 'User'} · {account.disabled ? 'Disabled' : 'Active'} ·{' '}
            {account.verified ? 'Address verified' : 'Address not verified'}
          </p>
        </div>

        {error && (
          <Notice tone="error" role="alert" testId="account-dialog-error">
            <p>{error}</p>
          </Notice>
        )}
        {result && (
          <div role="status" className="flex flex-col gap-2">
            {result.stripeManaged ? (
              <Notice tone="warning" testId="stripe-managed-warning" title="Stripe manages this plan">
                <p>
                  {result.done} The account has a live Stripe subscription: its next Stripe event (a renewal, a change
                  in the customer portal) sets the plan again. Change the subscription in Stripe to make this last.
                </p>
              </Notice>
            ) : (
              <Notice tone="success" testId="account-dialog-done">
                <p>{result.done}</p>
              </Notice>
            )}
            {result.warnings
              .filter(() => !result.stripeManaged)
              .map((w) => (
                <Notice key={w} tone="warning">
                  <p>{w}</p>
                </Notice>
              ))}
          </div>
        )}

        <Section title="Plan">
          <form
            className="flex flex-col gap-2 sm:flex-row sm:items-center"
            onSubmit={(e) => {
              e.preventDefault();
              void run('plan', { plan }, `Plan set to ${plan}.`);
            }}
          >
            <label htmlFor={planId} className="sr-only">
              Plan
            </label>
            <select
              id={planId}
              value={plan}
              onChange={(e) => setPlan(e.target.value as typeof plan)}
              data-testid="plan-select"
              className="h-9 rounded-lg border border-zinc-300 bg-white px-3 text-sm pointer-coarse:h-11 dark:border-zinc-700 dark:bg-zinc-900"
            >
              {PLANS.map((p) => (
                <option key={p} value={p}>
                  {p}
                </option>
              ))}
            </select>
            <button
              type="submit"
              disabled={busy || plan === account.plan}
              className={smallButton.primary}
              data-testid="change-plan"
            >
              {spin('plan')}
              Change plan
            </button>
          </form>
        </Section>

        <Section title="Access">
          <div className="flex flex-wrap gap-2">
            {!account.verified && (
              <ActionButton
                onClick={() => void run('verified', { verified: true }, 'Address marked verified.')}
                disabled={busy}
                testId="verify-account"
              >
                {spin('verified')}
                Mark address verified
              </ActionButton>
            )}
            {account.disabled ? (
              <ActionButton
                onClick={() =>
                  void run('disabled', { disabled: false }, 'Account enabled: its credentials work again.')
                }
                disabled={busy}
                testId="enable-account"
              >
                {spin('disabled')}
                Enable account
              </ActionButton>
            ) : (
              <ActionButton
                danger
                onClick={() =>
                  void run(
                    'disabled',
                    { disabled: true },
                    'Account disabled: it is signed out and its API keys answer 401.',
                  )
                }
                disabled={busy || self}
                testId="disable-account"
              >
                {spin('disabled')}
                Disable account
              </ActionButton>
            )}
            {account.role === 'admin' ? (
              <ActionButton
                danger
                onClick={() => void run('role', { role: 'user' }, 'Administrator role revoked.')}
                disabled={busy || self}
                testId="revoke-admin"
              >
                {spin('role')}
                Revoke admin
              </ActionButton>
            ) : (
              <ActionButton
                onClick={() => void run('role', { role: 'admin' }, 'Administrator role granted.')}
                disabled={busy}
                testId="grant-admin"
              >
                {spin('role')}
                Make administrator
              </ActionButton>
            )}
          </div>
          {self && (
            <p className="text-xs text-zinc-500 dark:text-zinc-400">
              This is your own account: you cannot disable it, revoke its admin role or delete it here.
            </p>
          )}
        </Section>

        <Section title="Delete">
          <div>
            <ActionButton danger onClick={onDelete} disabled={busy || self} testId="delete-account">
              Delete account…
            </ActionButton>
          </div>
        </Section>

        <div className="flex justify-end border-t border-zinc-200 pt-4 dark:border-zinc-800">
          <button
            type="button"
            autoFocus
            onClick={onClose}
            className={smallButton.secondary}
            data-testid="account-dialog-close"
          >
            Close
          </button>
        </div>
      </div>
    </dialog>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-2">
      <h3 className="text-sm font-semibold text-zinc-700 dark:text-zinc-300">{title}</h3>
      {children}
    </section>
  );
}

function ActionButton({
  children,
  onClick,
  disabled,
  danger = false,
  testId,
}: {
  children: ReactNode;
  onClick: () => void;
  disabled: boolean;
  danger?: boolean;
  testId: string;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      className={danger ? smallButton.danger : smallButton.secondary}
      data-testid={testId}
    >
      {children}
    </button>
  );
}
