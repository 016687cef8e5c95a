import type { ProfileJson } from '@/lib/accounts/current-account';
import { formatDate } from '@/components/ui/format-date';
import { Badge } from './badge';
import { Card } from './card';

export function ProfileCard({ profile }: { profile: ProfileJson }) {
  return (
    <Card title="Profile" testId="profile-card">
      <dl className="flex flex-col gap-3 text-sm">
        <div className="flex flex-col gap-1">
          <dt className="text-zinc-500 dark:text-zinc-400">E-mail</dt>
          <dd className="flex flex-wrap items-center gap-2">
            <span className="font-medium break-all" data-testid="profile-email">
              {profile.email}
            </span>
            {profile.email_verified ? (
              <Badge tone="success" testId="email-verified-badge" data={{ 'data-verified': 'true' }}>
                <CheckIcon /> Verified
              </Badge>
            ) : (
              <Badge tone="warning" testId="email-verified-badge" data={{ 'data-verified': 'false' }}>
                Not verified
              </Badge>
            )}
          </dd>
        </div>
        {profile.name && (
          <div className="flex flex-col gap-1">
            <dt className="text-zinc-500 dark:text-zinc-400">Name</dt>
            <dd className="font-medium" data-testid="profile-name">
              {profile.name}
            </dd>
          </div>
        )}
        <div className="flex flex-col gap-1">
          <dt className="text-zinc-500 dark:text-zinc-400">Member since</dt>
          <dd className="font-medium">{formatDate(profile.created_at)}</dd>
        </div>
      </dl>
    </Card>
  );
}

function CheckIcon() {
  return (
    <svg viewBox="0 0 16 16" fill="currentColor" aria-hidden="true" className="size-3.5">
      <path
        fillRule="evenodd"
        d="M12.416 3.376a.75.75 0 0 1 .208 1.04l-5 7.5a.75.75 0 0 1-1.154.114l-3-3a.75.75 0 0 1 1.06-1.06l2.353 2.353 4.493-6.74a.75.75 0 0 1 1.04-.207Z"
        clipRule="evenodd"
      />
    </svg>
  );
}
