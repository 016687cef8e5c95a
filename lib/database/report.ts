import { connectionBudget, POOL_NAMES, POOLS, poolSize, ROLES } from '@/lib/database/budget';
import { openConnections } from '@/lib/database/pools';

/**
 * The connection budget as health reports it: the most one process of each role opens, and each
 * pool's size, the roles that open it, and the connections it holds in this process now.
 */
export function connectionReport() {
  const open = openConnections();
  return {
    budget: Object.fromEntries(ROLES.map((role) => [role, connectionBudget(role)])) as Record<
      (typeof ROLES)[number],
      number
    >,
    pools: Object.fromEntries(
      POOL_NAMES.map((name) => [name, { size: poolSize(name), roles: [...POOLS[name].roles], open: open[name] }]),
    ) as Record<(typeof POOL_NAMES)[number], { size: number; roles: Array<(typeof ROLES)[number]>; open: number }>,
  };
}
