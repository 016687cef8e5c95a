import { ALL_SETTINGS } from './schema';
import { type Setting, SETTING_GROUPS, typeOf } from './setting-types';

// `.env.example` and the README's configuration tables, written from the schema (scripts/config-docs.ts,
// `npm run config:docs`); lib/config/env-docs.test.ts fails while the committed files differ.

export const TABLES_START = '<!-- configuration tables: written by `npm run config:docs` from lib/config/ -->';
export const TABLES_END = '<!-- end of the configuration tables -->';

type Row = { name: string; setting: Setting };

/** The documented rows of a group: one per variable, one per family of variables. */
function rows(group: string): Row[] {
  const seen = new Set<string>();
  const out: Row[] = [];
  for (const [name, setting] of Object.entries(ALL_SETTINGS)) {
    if (setting.group !== group) continue;
    const shown = setting.family ?? name;
    if (seen.has(shown)) continue;
    seen.add(shown);
    out.push({ name: shown, setting });
  }
  return out;
}

/** What applies when the variable is unset, as the schema says it (the tables, the admin service overview). */
export function defaultOf(setting: Setting): string {
  if (setting.defaultText) return setting.defaultText;
  const parsed = setting.schema.safeParse(undefined);
  const value: unknown = parsed.success ? parsed.data : undefined;
  if (value === undefined) return 'unset';
  if (Array.isArray(value)) return value.length === 0 ? 'empty' : `\`${value.join(',')}\``;
  return `\`${String(value)}\``;
}

const cell = (text: string) => text.replace(/\|/g, '\\|');

export function configurationTables(): string {
  const sections = SETTING_GROUPS.map((group) => {
    const lines = rows(group).map(
      ({ name, setting }) =>
        `| \`${name}\` | ${cell(typeOf(setting) ?? '')} | ${cell(defaultOf(setting))} | ${setting.secret ? 'yes' : ''} | ${cell(setting.description)} |`,
    );
    return [
      `### ${group}`,
      '',
      '| Variable | Type | Default | Secret | Meaning |',
      '|---|---|---|---|---|',
      ...lines,
    ].join('\n');
  });
  return [TABLES_START, '', sections.join('\n\n'), '', TABLES_END].join('\n');
}

/** The README with its configuration tables replaced by the schema's. */
export function readmeWithTables(readme: string): string {
  const start = readme.indexOf(TABLES_START);
  const end = readme.indexOf(TABLES_END);
  if (start < 0 || end < start) throw new Error('README.md has no configuration tables markers');
  return readme.slice(0, start) + configurationTables() + readme.slice(end + TABLES_END.length);
}

/** `# `-comment lines of at most 100 characters. */
function comment(text: string): string[] {
  const lines: string[] = [];
  let line = '#';
  for (const word of text.replace(/`/g, '').split(' ')) {
    if (line.length + word.length + 1 > 100 && line !== '#') {
      lines.push(line);
      line = '#';
    }
    line += ` ${word}`;
  }
  return [...lines, line];
}

export function envExample(): string {
  const header = [
    "# Transmute's configuration. Every variable is optional: with none set, scripts/start.sh runs an",
    '# embedded PostgreSQL, keeps files under .data/files and runs jobs on the embedded queue. Each process',
    '# checks these at start and stops, naming the variable, when one is wrong.',
    '# Written by `npm run config:docs` from the schema in lib/config/ (the README tables too).',
  ];
  const sections = SETTING_GROUPS.map((group) => {
    const entries = rows(group).map(({ name, setting }) => {
      const def = defaultOf(setting).replace(/`/g, '');
      const notes = [typeOf(setting), `default: ${def}`, ...(setting.secret ? ['secret'] : [])].join('; ');
      const value = setting.example ?? (def.includes(' ') || def === 'unset' || def === 'empty' ? '' : def);
      return [...comment(`${setting.description} (${notes})`), `# ${name}=${value}`].join('\n');
    });
    return [`# --- ${group} ---`, ...entries].join('\n');
  });
  return `${[header.join('\n'), ...sections].join('\n\n')}\n`;
}
