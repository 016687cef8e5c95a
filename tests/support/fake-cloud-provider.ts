import { createHash, randomBytes } from 'node:crypto';
import type http from 'node:http';

// A loopback stand-in for the three file services a person connects: each one's OAuth 2.0
// authorize and token endpoints (authorization code with PKCE S256, client_secret_post, refresh
// tokens) and the listing and download APIs the picker uses, over one small file tree. The
// authorize endpoint consents at once (no person to ask): it redirects back with a code.

export const FAKE_PROVIDERS = ['google_drive', 'dropbox', 'onedrive'] as const;
type Provider = (typeof FAKE_PROVIDERS)[number];

type Node = { id: string; name: string; parent: string; folder: boolean; mime?: string };
export const TREE: Node[] = [
  { id: 'fld-scans', name: 'Scans', parent: 'root', folder: true },
  { id: 'file-page', name: 'page.png', parent: 'fld-scans', folder: false },
  { id: 'file-report', name: 'report.png', parent: 'root', folder: false },
  // Drive's own documents (Drive only) cannot be downloaded as they are: the picker leaves them out.
  { id: 'gdoc-notes', name: 'Notes', parent: 'root', folder: false, mime: 'application/vnd.google-apps.document' },
];

export const clientOf = (provider: Provider) => ({ id: `${provider}-client`, secret: `${provider}-secret` });

type Grant = { provider: Provider; redirectUri: string; challenge: string; used: boolean };

export function fakeCloudProvider(png: Buffer) {
  const codes = new Map<string, Grant>();
  const accessTokens = new Set<string>();
  const refreshTokens = new Map<string, Provider>();
  const log: Array<{ provider: Provider; grant: string }> = [];
  // Entries appended verbatim to every listing of a provider, and a body the next token request gets
  // instead of tokens: what a provider that changed its API, or a hostile one, could answer.
  const extraEntries = new Map<Provider, unknown[]>();
  let nextTokenBody: string | undefined;
  const listed = <T>(provider: Provider, entries: T[]) => [...entries, ...(extraEntries.get(provider) ?? [])];
  const token = (prefix: string) => `${prefix}-${randomBytes(12).toString('hex')}`;

  function issue(res: http.ServerResponse, provider: Provider, refresh?: string) {
    const access = token('at');
    accessTokens.add(access);
    const refreshToken = refresh ?? token('rt');
    refreshTokens.set(refreshToken, provider);
    json(res, 200, { access_token: access, token_type: 'bearer', expires_in: 3600, refresh_token: refreshToken });
  }

  async function tokenEndpoint(provider: Provider, req: http.IncomingMessage, res: http.ServerResponse) {
    const form = new URLSearchParams(await readBody(req));
    if (nextTokenBody !== undefined) {
      const body = nextTokenBody;
      nextTokenBody = undefined;
      return void res.writeHead(200, { 'content-type': 'application/json' }).end(body);
    }
    const client = clientOf(provider);
    if (form.get('client_id') !== client.id || form.get('client_secret') !== client.secret)
      return json(res, 401, { error: 'invalid_client' });
    log.push({ provider, grant: String(form.get('grant_type')) });
    if (form.get('grant_type') === 'refresh_token') {
      const rt = form.get('refresh_token') ?? '';
      if (refreshTokens.get(rt) !== provider) return json(res, 400, { error: 'invalid_grant' });
      return issue(res, provider, rt);
    }
    const grant = codes.get(form.get('code') ?? '');
    const verifier = form.get('code_verifier') ?? '';
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    if (
      form.get('grant_type') !== 'authorization_code' ||
      !grant ||
      grant.used ||
      grant.provider !== provider ||
      grant.redirectUri !== form.get('redirect_uri') ||
      grant.challenge !== challenge
    )
      return json(res, 400, { error: 'invalid_grant' });
    grant.used = true;
    issue(res, provider);
  }

  function authorize(provider: Provider, u: URL, res: http.ServerResponse) {
    const q = u.searchParams;
    if (q.get('client_id') !== clientOf(provider).id || q.get('code_challenge_method') !== 'S256')
      return json(res, 400, { error: 'invalid_request' });
    const code = token('code');
    codes.set(code, {
      provider,
      redirectUri: q.get('redirect_uri')!,
      challenge: q.get('code_challenge')!,
      used: false,
    });
    const back = new URL(q.get('redirect_uri')!);
    back.searchParams.set('code', code);
    back.searchParams.set('state', q.get('state')!);
    res.writeHead(302, { location: back.toString() }).end();
  }

  const children = (parent: string) => TREE.filter((n) => n.parent === parent);
  const matching = (search: string) => TREE.filter((n) => n.name.toLowerCase().includes(search.toLowerCase()));
  const fileBody = (id: string) => (TREE.some((n) => n.id === id && !n.folder) ? png : null);

  async function api(req: http.IncomingMessage, res: http.ServerResponse, u: URL) {
    // Google Drive v3
    if (u.pathname === '/drive/v3/files') {
      const q = u.searchParams.get('q') ?? '';
      const parent = q.match(/'([^']+)' in parents/)?.[1];
      const search = q.match(/name contains '([^']+)'/)?.[1];
      const nodes = search ? matching(search) : children(parent ?? 'root');
      return json(res, 200, {
        files: listed(
          'google_drive',
          nodes.map((n) => ({
            id: n.id,
            name: n.name,
            mimeType: n.folder ? 'application/vnd.google-apps.folder' : (n.mime ?? 'image/png'),
            ...(n.folder || n.mime ? {} : { size: String(png.length) }),
          })),
        ),
      });
    }
    const drive = u.pathname.match(/^\/drive\/v3\/files\/([^/]+)$/);
    if (drive) {
      if (u.searchParams.get('fields') === 'name')
        return json(res, 200, { name: TREE.find((n) => n.id === drive[1])?.name ?? 'x' });
      const body = fileBody(drive[1]);
      return body ? void res.end(body) : json(res, 404, {});
    }
    // Dropbox
    const dropboxEntry = (n: Node) =>
      n.folder
        ? { '.tag': 'folder', id: `id:${n.id}`, name: n.name }
        : { '.tag': 'file', id: `id:${n.id}`, name: n.name, size: png.length };
    if (u.pathname === '/2/files/list_folder') {
      const { path } = JSON.parse(await readBody(req)) as { path: string };
      return json(res, 200, {
        entries: listed(
          'dropbox',
          children(path ? path.replace(/^id:/, '') : 'root')
            .filter((n) => !n.mime)
            .map(dropboxEntry),
        ),
      });
    }
    if (u.pathname === '/2/files/search_v2') {
      const { query } = JSON.parse(await readBody(req)) as { query: string };
      return json(res, 200, {
        matches: listed(
          'dropbox',
          matching(query)
            .filter((n) => !n.mime)
            .map(dropboxEntry),
        ).map((metadata) => ({ metadata: { '.tag': 'metadata', metadata } })),
      });
    }
    if (u.pathname === '/2/files/download') {
      const { path } = JSON.parse(String(req.headers['dropbox-api-arg'])) as { path: string };
      const node = TREE.find((n) => `id:${n.id}` === path);
      if (!node || node.folder) return json(res, 409, { error_summary: 'path/not_found/' });
      return void res.writeHead(200, { 'dropbox-api-result': JSON.stringify({ name: node.name }) }).end(png);
    }
    // Microsoft Graph (OneDrive)
    const graphItem = (n: Node) =>
      n.folder
        ? { id: n.id, name: n.name, size: 0, folder: { childCount: children(n.id).length } }
        : { id: n.id, name: n.name, size: png.length, file: { mimeType: 'image/png' } };
    const graph = u.pathname.match(
      /^\/v1\.0\/me\/drive\/(?:root|items\/([^/]+))\/(children|search\(q='(.*)'\)|content)$/,
    );
    if (graph) {
      const [, item, what, search] = graph;
      if (what === 'content') {
        const node = TREE.find((n) => n.id === item && !n.folder);
        if (!node) return json(res, 404, {});
        return void res.writeHead(200, { 'content-disposition': `attachment; filename="${node.name}"` }).end(png);
      }
      const nodes = what === 'children' ? children(item ?? 'root') : matching(decodeURIComponent(search));
      return json(res, 200, { value: listed('onedrive', nodes.filter((n) => !n.mime).map(graphItem)) });
    }
    json(res, 404, {});
  }

  async function handler(req: http.IncomingMessage, res: http.ServerResponse) {
    const u = new URL(req.url!, 'http://stand-in');
    const oauth = u.pathname.match(/^\/oauth\/([a-z_]+)\/(authorize|token)$/);
    if (oauth) {
      const provider = oauth[1] as Provider;
      return oauth[2] === 'authorize' ? authorize(provider, u, res) : tokenEndpoint(provider, req, res);
    }
    const bearer = req.headers.authorization?.match(/^Bearer (.+)$/)?.[1];
    if (!bearer || !accessTokens.has(bearer)) return json(res, 401, { error: 'invalid_token' });
    return api(req, res, u);
  }

  return {
    handler: (req: http.IncomingMessage, res: http.ServerResponse) => void handler(req, res),
    /** The token requests made, in order ('authorization_code' or 'refresh_token'). */
    log,
    /** Appends these entries, as they are, to every listing of the provider (none: stop). */
    appendToListings(provider: Provider, entries: unknown[]) {
      extraEntries.set(provider, entries);
    },
    /** The next token request, whatever it asks, is answered 200 with this body. */
    answerNextTokenRequest(body: string) {
      nextTokenBody = body;
    },
    /** Ends every grant at the provider, as a person revoking the app's access would. */
    revokeAll() {
      accessTokens.clear();
      refreshTokens.clear();
    },
  };
}

/** The environment that points a provider at the stand-in listening at `origin`. */
export function fakeProviderEnv(origin: string, provider: Provider): Record<string, string> {
  const c = clientOf(provider);
  const oauthUrls = (prefix: string) => ({
    [`${prefix}_AUTHORIZE_URL`]: `${origin}/oauth/${provider}/authorize`,
    [`${prefix}_TOKEN_URL`]: `${origin}/oauth/${provider}/token`,
  });
  switch (provider) {
    case 'google_drive':
      return {
        GOOGLE_DRIVE_CLIENT_ID: c.id,
        GOOGLE_DRIVE_CLIENT_SECRET: c.secret,
        GOOGLE_DRIVE_API_BASE: origin,
        ...oauthUrls('GOOGLE_DRIVE'),
      };
    case 'dropbox':
      return {
        DROPBOX_APP_KEY: c.id,
        DROPBOX_APP_SECRET: c.secret,
        DROPBOX_API_BASE: origin,
        DROPBOX_CONTENT_API_BASE: origin,
        ...oauthUrls('DROPBOX'),
      };
    case 'onedrive':
      return {
        ONEDRIVE_CLIENT_ID: c.id,
        ONEDRIVE_CLIENT_SECRET: c.secret,
        ONEDRIVE_API_BASE: origin,
        ...oauthUrls('ONEDRIVE'),
      };
  }
}

function json(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

async function readBody(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
