import { recordsOf } from './format-record';
import { officeTextIs } from './office-headers';
import { ODF, OOXML } from './mime';

// Presentations: Impress's and PowerPoint's formats, in OLE2 or ZIP containers or flat XML.

const show = recordsOf('presentation');

export const PRESENTATION = {
  pptx: show(`${OOXML}.presentationml.presentation`, 'PowerPoint presentation', 'pptx', {
    detect: { fileType: ['pptx'] },
  }),
  ppt: show('application/vnd.ms-powerpoint', 'PowerPoint 97-2003 presentation', 'ppt', {
    detect: { container: 'ole2' },
  }),
  odp: show(`${ODF}.presentation`, 'OpenDocument presentation', 'odp', {
    detect: { fileType: ['odp'], container: 'odf-package' },
  }),
  pot: show('application/vnd.ms-powerpoint', 'PowerPoint 97-2003 template', 'pot', { detect: { container: 'ole2' } }),
  pps: show('application/vnd.ms-powerpoint', 'PowerPoint 97-2003 slide show', 'pps', { detect: { container: 'ole2' } }),
  potx: show(`${OOXML}.presentationml.template`, 'PowerPoint template', 'potx', { detect: { fileType: ['potx'] } }),
  potm: show('application/vnd.ms-powerpoint.template.macroEnabled.12', 'PowerPoint macro-enabled template', 'potm', {
    detect: { fileType: ['potm'] },
  }),
  pptm: show(
    'application/vnd.ms-powerpoint.presentation.macroEnabled.12',
    'PowerPoint macro-enabled presentation',
    'pptm',
    { detect: { fileType: ['pptm'] } },
  ),
  ppsx: show(`${OOXML}.presentationml.slideshow`, 'PowerPoint slide show', 'ppsx', { detect: { fileType: ['ppsx'] } }),
  ppsm: show('application/vnd.ms-powerpoint.slideshow.macroEnabled.12', 'PowerPoint macro-enabled slide show', 'ppsm', {
    detect: { fileType: ['ppsm'] },
  }),
  otp: show(`${ODF}.presentation-template`, 'OpenDocument presentation template', 'otp', {
    detect: { fileType: ['otp'] },
  }),
  fodp: show(`${ODF}.presentation-flat-xml`, 'Flat OpenDocument presentation', 'fodp', {
    detect: { text: officeTextIs('fodp') },
  }),
  uop: show('application/vnd.uof.presentation', 'Uniform Office Format presentation', 'uop', {
    detect: { text: officeTextIs('uop') },
  }),
  sxi: show('application/vnd.sun.xml.impress', 'StarOffice/OpenOffice.org 1 presentation', 'sxi', {
    detect: { container: 'odf-package' },
  }),
} as const;
