import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { currentProfile } from '@/lib/accounts/current-account';
import { DashboardNav } from '@/components/dashboard/dashboard-nav';
import { SignOutButton } from '@/components/dashboard/sign-out-button';

export const metadata: Metadata = { title: { default: 'Dashboard', template: '%s · Dashboard · Transmute' } };

export default async function DashboardLayout({ children }: { children: ReactNode }) {
  // Each page redirects to /sign-in itself, naming its own path to come back to.
  const profile = await currentProfile();
  if (!profile) return children;

  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col-reverse gap-3 border-b border-zinc-200 pb-3 sm:flex-row sm:items-center sm:justify-between dark:border-zinc-800">
        <DashboardNav />
        <div className="flex min-w-0 items-center justify-between gap-3 sm:justify-end">
          <p className="min-w-0 truncate text-sm text-zinc-500 dark:text-zinc-400" title={profile.email}>
            Signed in as <span className="font-medium text-zinc-700 dark:text-zinc-300">{profile.email}</span>
          </p>
          <SignOutButton />
        </div>
      </div>
      {children}
    </div>
  );
}
