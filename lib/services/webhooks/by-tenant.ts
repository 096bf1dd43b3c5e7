/** Items grouped by their tenant, for one statement per tenant (each under its own row-level security). */
export function byTenant<T extends { tenantId: string }>(items: readonly T[]): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const group = groups.get(item.tenantId);
    if (group) group.push(item);
    else groups.set(item.tenantId, [item]);
  }
  return groups;
}
