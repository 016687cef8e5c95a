import { describe, expect, it } from 'vitest';
import { scrubUtf8, type ServerTraces, traceScrubber } from './server-traces';

const JOB = '/srv/data/jobs/web-7.12.34/9-1-abc';
const traces: ServerTraces = {
  folders: [JOB, '/srv/data/jobs/web-7.12.34'],
  jobDirs: [JOB],
  host: 'web-7',
  user: 'svc',
};
const scrub = (text: string, t: ServerTraces = traces) => scrubUtf8(text, traceScrubber(t));

describe('traceScrubber', () => {
  it('removes a path naming the job’s own input or output, as pdftohtml and fig2dev write them', () => {
    expect(scrub(`<title>${JOB}/output</title>`)).toBe('<title></title>');
    expect(scrub(`%%Title: ${JOB}/input.fig\n%%Creator: fig2dev`)).toBe('%%Title: \n%%Creator: fig2dev');
  });

  it('keeps a reference into the job folder usable: its place in the folder', () => {
    expect(scrub(`<img src="${JOB}/media/image1.png">`)).toBe('<img src="media/image1.png">');
    expect(scrub(`![](${JOB}/naïve é.png)`)).toBe('![](naïve é.png)');
  });

  it("removes a warm engine's folder outside the job folder whole", () => {
    expect(scrub('(/srv/data/jobs/web-7.12.34/libreoffice-x/x/job-1/in.docx)')).toBe('()');
  });

  it('matches a folder only up to a boundary: a longer name is another folder', () => {
    expect(scrub('/srv/data/jobs/web-7.12.345/a')).toBe('/srv/data/jobs/localhost.12.345/a');
    expect(scrub('/srv/data/jobs/web-7.12.34-old/a')).toBe('/srv/data/jobs/localhost.12.34-old/a');
  });

  it('replaces a machine-made host name as a word and user@host, not the user name alone', () => {
    expect(scrub('ran by svc@web-7 on WEB-7 (web-7.example.com); not web-77, svc stays')).toBe(
      'ran by user@localhost on localhost (localhost.example.com); not web-77, svc stays',
    );
  });

  it('leaves an ordinary word that happens to be the host or user name (`vm`, `root`)', () => {
    const plain = { ...traces, host: 'vm', user: 'root' };
    expect(scrub('<root><vm>a vm</vm></root> :root {}', plain)).toBe('<root><vm>a vm</vm></root> :root {}');
    expect(scrub('mail root@vm now', plain)).toBe('mail user@localhost now');
  });

  it('keeps every other byte as it was', () => {
    const bytes = Buffer.from([0, 255, 0x80, 10, ...Buffer.from(`${JOB}/input.ps`), 0, 0xfe]).toString('latin1');
    expect(traceScrubber(traces)(bytes)).toBe(Buffer.from([0, 255, 0x80, 10, 0, 0xfe]).toString('latin1'));
  });
});
