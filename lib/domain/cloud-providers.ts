// The cloud import providers the API names: the schemas state them, lib/cloud reaches them.

export const CLOUD_PROVIDERS = ['google_drive', 'dropbox', 'onedrive', 's3'] as const;
export type CloudProvider = (typeof CLOUD_PROVIDERS)[number];

/** The file services a person can connect (OAuth 2.0): every provider but the administrator's bucket. */
export const OAUTH_PROVIDERS = ['google_drive', 'dropbox', 'onedrive'] as const satisfies readonly CloudProvider[];
export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number];
