import { realpath } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { processJobsDir } from '../sandbox/job-folders';

// What of this server an engine could write into a result: the folders it ran in (a title made of
// its input's path, a link to a file beside it), the host's name and the user's. Every folder an
// engine sees (its job folder, a warm engine's exchange folder) is under this process's jobs
// folder, at the same path inside the sandbox (../sandbox/sandbox.ts binds it there), so that folder's path
// is the one to look for. The sandbox hides the user's name (no /etc/passwd); it cannot hide the
// host's (bubblewrap's --hostname is refused inside a container), so an engine may write it.
//
// Text is handled as bytes (latin1), so whatever else a file holds comes out as it went in. A
// path becomes its place in the job folder (a reference to a file of the result stays usable), or
// nothing when it is outside, or names the job's input or output (our naming: the user's file
// was never called `input.docx`). A host name is replaced where it names the host: after
// `user@`, and as a word when it is machine-made (a digit or a hyphen in it: a container id, a pod
// name); an ordinary word (`vm`, `server`) and the user name alone (`root` is also an XML element
// and a CSS selector) are left, so no content of the user's is changed by chance.

/** The names a job's own files have: `input.<ext>`, `output.<ext>`, a warm engine's `in.<ext>`/`out.<ext>`. */
export const OUR_FILE_NAME = /^(?:input|output|in|out)(?:\.[A-Za-z0-9]+)*$/;

/** What replaces a host name. */
const NEUTRAL_HOST = 'localhost';

export type ServerTraces = {
  /** The folders whose paths must not appear (as given and resolved), longest first. */
  folders: readonly string[];
  /** The job's folder (as given and resolved): a path inside it becomes relative. */
  jobDirs: readonly string[];
  host: string;
  user: string;
};

const asGivenAndResolved = async (dir: string) => [...new Set([dir, await realpath(dir).catch(() => dir)])];

// The process's jobs folder and user are the same for its whole life: looked up once, not per job.
let processTraces: Promise<{ jobsFolders: string[]; user: string }> | undefined;

/** The traces a job's result must not carry. */
export async function serverTraces(jobDir: string): Promise<ServerTraces> {
  processTraces ??= asGivenAndResolved(processJobsDir()).then((jobsFolders) => ({ jobsFolders, user: userName() }));
  const [jobDirs, { jobsFolders, user }] = await Promise.all([asGivenAndResolved(jobDir), processTraces]);
  const folders = [...new Set([...jobDirs, ...jobsFolders])].sort((a, b) => b.length - a.length);
  return { folders, jobDirs, host: os.hostname(), user };
}

function userName(): string {
  try {
    return os.userInfo().username;
  } catch {
    return ''; // a uid without a passwd entry has no name to give away
  }
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
/** A UTF-8 string as the latin1 text its bytes read as (the form the scrubbed text is handled in). */
const asBytes = (s: string) => Buffer.from(s, 'utf8').toString('latin1');

/** A path goes on to the first character no file name of ours has: a space, a control, a quote, a bracket. */
const PATH_REST = String.raw`(?:/[^\s\x00-\x1f\x7f"'<>()[\]{}|,;*?\\\`]*)?`;

/** A function that removes the traces from text read as latin1 (see above for what each becomes). */
export function traceScrubber(traces: ServerTraces): (text: string) => string {
  const folders = traces.folders.map((f) => escape(asBytes(f))).join('|');
  const rules: Array<[RegExp, (match: string) => string]> = [
    [new RegExp(`(?:${folders})(?![A-Za-z0-9._-])${PATH_REST}`, 'g'), (p) => pathInJob(p, traces.jobDirs)],
  ];
  const host = escape(asBytes(traces.host));
  const user = escape(asBytes(traces.user));
  if (host && user)
    rules.push([new RegExp(`(?<![\\w.-])${user}@${host}(?![\\w-])`, 'gi'), () => `user@${NEUTRAL_HOST}`]);
  if (host && /[\d-]/.test(traces.host))
    rules.push([new RegExp(`(?<![\\w.-])${host}(?![\\w-])`, 'gi'), () => NEUTRAL_HOST]);
  return (text) => rules.reduce((t, [re, to]) => t.replace(re, to), text);
}

/** `text` (a JS string) through a scrubber of latin1 text. */
export const scrubUtf8 = (text: string, scrub: (latin1: string) => string) =>
  Buffer.from(scrub(asBytes(text)), 'latin1').toString('utf8');

/** A message about a job (an engine's refusal quoting its input's path) without the server's traces. */
export async function scrubMessage(jobDir: string, message: string): Promise<string> {
  return scrubUtf8(message, traceScrubber(await serverTraces(jobDir)));
}

/** A path found in a result (latin1, like the text): its place in the job folder, or nothing (see above). */
function pathInJob(found: string, jobDirs: readonly string[]): string {
  const dir = jobDirs.map(asBytes).find((d) => found.startsWith(d + '/'));
  const inside = dir ? found.slice(dir.length + 1) : '';
  return inside === '' || OUR_FILE_NAME.test(path.posix.basename(inside)) ? '' : inside;
}
