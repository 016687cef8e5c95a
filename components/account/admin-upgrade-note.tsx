import { Notice } from './notice';

/** What to do when Stripe is not configured: the administrator sets plans by command. */
export function AdminUpgradeNote({ email }: { email?: string }) {
  return (
    <Notice tone="info" testId="billing-disabled-notice" title="Upgrades are managed by the administrator">
      <p>
        Online payment is not set up on this server, so plans cannot be bought here. Ask the administrator of this
        Transmute instance to change your plan; they run:
      </p>
      <pre className="rounded-lg whitespace-pre-wrap [overflow-wrap:anywhere] bg-white/70 px-3 py-2 font-mono text-xs text-zinc-800 dark:bg-zinc-950/60 dark:text-zinc-200">
        <code data-testid="admin-set-plan-command">
          npm run admin -- set-plan {email ?? '<email>'} {'<plan>'}
        </code>
      </pre>
      <p className="text-xs opacity-80">where &lt;plan&gt; is free, starter, pro or business.</p>
    </Notice>
  );
}
