import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { signedInAccount } from '@/lib/accounts/current-account';
import { isAdministrator } from '@/lib/identity/administrator';
import { AdminNav } from '@/components/admin/admin-nav';

export const metadata: Metadata = {
  title: { default: 'Admin', template: '%s · Admin · Transmute' },
  robots: { index: false },
};

export default async function AdminLayout({ children }: { children: ReactNode }) {
  // Each page checks its caller itself (lib/admin/admin-page.ts): sign-in, or 403.
  if (!isAdministrator(await signedInAccount())) return children;
  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col-reverse gap-3 border-b border-zinc-200 pb-3 sm:flex-row sm:items-center sm:justify-between dark:border-zinc-800">
        <AdminNav />
        <p className="text-sm font-medium text-zinc-500 dark:text-zinc-400">Administration</p>
      </div>
      {children}
    </div>
  );
}
