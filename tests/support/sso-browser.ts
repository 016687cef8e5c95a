// A browser for the SSO tests, as far as the sign-in needs one: a cookie jar (per host, as browsers
// keep them: the server and the provider both live on 127.0.0.1) and redirects followed by hand,
// so a test can stop at the provider's redirect back and tamper with it or send it twice.

export type Answer = { status: number; location: string | null; body: string; setCookies: string[] };

export class SsoBrowser {
  readonly cookies = new Map<string, string>();
  /** The provider's authorization request of the last sign-in started. */
  authorizationUrl?: URL;

  constructor(readonly appUrl: string) {}

  cookieHeader = () => [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

  async request(url: string, init: { form?: Record<string, string> } = {}) {
    const headers: Record<string, string> = { cookie: this.cookieHeader() };
    let body: string | undefined;
    if (init.form) {
      // A browser's form post names the page's origin.
      headers['content-type'] = 'application/x-www-form-urlencoded';
      headers.origin = new URL(url).origin;
      body = new URLSearchParams(init.form).toString();
    }
    const res = await fetch(url, { method: body ? 'POST' : 'GET', headers, body, redirect: 'manual' });
    const setCookies = res.headers.getSetCookie();
    for (const line of setCookies) {
      const [pair, ...attributes] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const gone =
        !value || attributes.some((a) => /^\s*max-age=0\s*$/i.test(a) || /expires=Thu, 01 Jan 1970/i.test(a));
      if (gone) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const location = res.headers.get('location');
    return {
      status: res.status,
      location: location ? new URL(location, url).toString() : null,
      body: await res.text(),
      setCookies,
    } satisfies Answer;
  }

  /**
   * Starts "Sign in with …" (next-auth's sign-in POST, as signIn('oidc') does) and follows the provider's
   * redirects up to its redirect back to the server's callback, whose URL it returns unvisited.
   */
  async toProviderAndBack(callbackPath = '/dashboard'): Promise<string> {
    const { csrfToken } = JSON.parse((await this.request(`${this.appUrl}/api/auth/csrf`)).body) as {
      csrfToken: string;
    };
    const start = await this.request(`${this.appUrl}/api/auth/signin/oidc`, {
      form: { csrfToken, callbackUrl: `${this.appUrl}${callbackPath}`, json: 'true' },
    });
    let url = (JSON.parse(start.body) as { url: string }).url;
    this.authorizationUrl = new URL(url);
    for (let hops = 0; hops < 10; hops++) {
      if (url.startsWith(`${this.appUrl}/api/auth/callback/oidc`)) return url;
      const answer = await this.request(url);
      if (!answer.location)
        throw new Error(`the provider stopped at ${url}: ${answer.status} ${answer.body.slice(0, 300)}`);
      url = answer.location;
    }
    throw new Error('the provider never sent the browser back');
  }

  /** The whole sign-in: to the provider, back to the callback; the callback's answer. */
  async signIn(callbackPath = '/dashboard'): Promise<Answer> {
    return this.request(await this.toProviderAndBack(callbackPath));
  }

  hasSession = () => [...this.cookies.keys()].some((name) => /next-auth\.session-token/.test(name));

  /** GET /api/v1/user/profile with this browser's cookies. */
  async profile(): Promise<{ status: number; body: Record<string, unknown> }> {
    const answer = await this.request(`${this.appUrl}/api/v1/user/profile`);
    return { status: answer.status, body: answer.body ? (JSON.parse(answer.body) as Record<string, unknown>) : {} };
  }
}
