import { describe, expect, it } from 'vitest';
import { sanitizeObjects } from './pdf-sanitize';

// The dictionary edits on qpdf's JSON objects (the qpdf runs are tested in
// tests/tools-hostile.integration.test.ts).

describe('sanitizeObjects', () => {
  it('nulls active action objects and drops every reference to them; keeps URI links and pages', () => {
    const objects = {
      'obj:1 0 R': {
        value: {
          '/Type': '/Catalog',
          '/Pages': '2 0 R',
          '/OpenAction': '5 0 R',
          '/Names': { '/JavaScript': { '/Names': ['u:a', '5 0 R'] } },
        },
      },
      'obj:2 0 R': { value: { '/Type': '/Pages', '/Kids': ['3 0 R'], '/Count': 1 } },
      'obj:3 0 R': {
        value: {
          '/Type': '/Page',
          '/Annots': ['4 0 R', { '/Subtype': '/Link', '/A': { '/S': '/Launch', '/F': 'u:cmd.exe' } }, '6 0 R'],
          '/AA': { '/O': '5 0 R' },
        },
      },
      'obj:4 0 R': {
        value: { '/Subtype': '/Link', '/A': { '/S': '/URI', '/URI': 'u:https://example.org/', '/Next': ['5 0 R'] } },
      },
      'obj:5 0 R': { value: { '/S': '/JavaScript', '/JS': 'u:app.alert(1)' } },
      'obj:6 0 R': { value: { '/Subtype': '/FileAttachment', '/FS': '7 0 R' } },
      'obj:7 0 R': { value: { '/Type': '/Filespec', '/EF': { '/F': '8 0 R' } } },
      'obj:8 0 R': { stream: { dict: { '/Type': '/EmbeddedFile', '/Length': 3 } } },
      trailer: { value: { '/Root': '1 0 R', '/Size': 9 } },
    };
    const changed = sanitizeObjects(structuredClone(objects));
    expect(changed['obj:5 0 R']).toEqual({ value: null });
    expect(changed['obj:6 0 R']).toEqual({ value: null });
    expect(changed['obj:1 0 R'].value).toEqual({ '/Type': '/Catalog', '/Pages': '2 0 R', '/Names': {} });
    // The inline link stays, without its action; the attachment annotation is gone.
    expect(changed['obj:3 0 R'].value).toEqual({ '/Type': '/Page', '/Annots': ['4 0 R', { '/Subtype': '/Link' }] });
    expect(changed['obj:4 0 R'].value).toEqual({
      '/Subtype': '/Link',
      '/A': { '/S': '/URI', '/URI': 'u:https://example.org/', '/Next': [] },
    });
    expect(changed['obj:7 0 R'].value).toEqual({ '/Type': '/Filespec' });
    expect(Object.keys(changed).sort()).toEqual([
      'obj:1 0 R',
      'obj:3 0 R',
      'obj:4 0 R',
      'obj:5 0 R',
      'obj:6 0 R',
      'obj:7 0 R',
    ]);
  });

  it('changes nothing in a document without active content', () => {
    const objects = {
      'obj:1 0 R': { value: { '/Type': '/Catalog', '/Pages': '2 0 R' } },
      'obj:2 0 R': { value: { '/Type': '/Pages', '/Kids': [], '/Count': 0 } },
      'obj:3 0 R': { stream: { dict: { '/Length': 10, '/Filter': '/FlateDecode' } } },
      trailer: { value: { '/Root': '1 0 R', '/Size': 4 } },
    };
    expect(sanitizeObjects(objects)).toEqual({});
  });
});
