// Administration for self-hosters:
//   npm run admin -- set-plan <email> <free|starter|pro|business>
//   npm run admin -- verify-email <email>
// The logic lives in lib/admin/admin-commands.ts.
import { runAdmin } from '@/lib/admin/admin-commands';
import { db } from '@/lib/db';

async function main() {
  const code = await runAdmin(process.argv.slice(2));
  await db.$disconnect();
  process.exit(code);
}

main().catch(async (e) => {
  console.error('admin failed:', e instanceof Error ? e.message : e);
  await db.$disconnect().catch(() => {});
  process.exit(1);
});
