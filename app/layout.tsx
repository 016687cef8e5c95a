import type { Metadata, Viewport } from 'next';
import { headers } from 'next/headers';
import { connection } from 'next/server';
import type { ReactNode } from 'react';
import { SiteFooter } from '@/components/site-footer';
import { SiteHeader } from '@/components/site-header';
import { THEME_BOOT_SCRIPT } from '@/components/theme/theme';
import { NONCE_HEADER } from '@/lib/http/page-security-headers';
import './globals.css';

export const metadata: Metadata = {
  title: { default: 'Transmute — file conversion', template: '%s · Transmute' },
  description: 'Convert images, documents, spreadsheets, presentations, audio and video on your own server.',
  icons: { icon: '/icon.svg' },
};

export const viewport: Viewport = {
  themeColor: [
    { media: '(prefers-color-scheme: light)', color: '#ffffff' },
    { media: '(prefers-color-scheme: dark)', color: '#09090b' },
  ],
};

export default async function RootLayout({ children }: Readonly<{ children: ReactNode }>) {
  // Every page renders per request, so Next can put the request's CSP nonce (proxy.ts) on its
  // scripts; a page prerendered at build time would carry none and could not run. An inline
  // script of ours reads the nonce from the NONCE_HEADER request header (lib/http/page-security-headers.ts).
  await connection();
  const nonce = (await headers()).get(NONCE_HEADER) ?? undefined;
  // The boot script sets the stored theme's class on <html> before React hydrates it.
  return (
    <html lang="en" suppressHydrationWarning>
      <head>
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: THEME_BOOT_SCRIPT }} />
      </head>
      <body className="flex min-h-dvh flex-col bg-zinc-50 font-sans text-zinc-900 antialiased dark:bg-zinc-950 dark:text-zinc-100">
        <a
          href="#main"
          className="sr-only rounded-md bg-brand-600 px-3 py-2 text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50"
        >
          Skip to content
        </a>
        <SiteHeader />
        <main id="main" className="mx-auto w-full max-w-5xl flex-1 px-4 py-10 sm:px-6">
          {children}
        </main>
        <SiteFooter />
      </body>
    </html>
  );
}
