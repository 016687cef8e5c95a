/** The one rule of who is an administrator: the account's role. Operations (`auth: 'admin'`) and pages (app/admin) both ask it. */
export const isAdministrator = (account: { role: string } | null | undefined) => account?.role === 'admin';
