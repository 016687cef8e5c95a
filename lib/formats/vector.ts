import { dataTextIs } from './data-text';
import { recordsOf } from './format-record';
import { isEmf, isWmf, officeTextIs } from './office-headers';
import { xmlRootIs } from './text-sniff';
import { ODF } from './mime';

// Vector drawings: SVG, PostScript, CAD and Xfig drawings, Draw's formats and Windows metafiles.

const vec = recordsOf('vector');

export const VECTOR = {
  svg: vec('image/svg+xml', 'SVG drawing', 'svg', { detect: { text: xmlRootIs(/^<svg[\s>]/) } }),
  eps: vec('application/postscript', 'Encapsulated PostScript', 'eps', { detect: { fileType: ['eps'] } }),
  ps: vec('application/postscript', 'PostScript', 'ps', { detect: { fileType: ['ps'] } }),
  dxf: vec('image/vnd.dxf', 'AutoCAD DXF drawing', 'dxf', { detect: { text: dataTextIs('dxf') } }),
  fig: vec('application/x-xfig', 'Xfig drawing', 'fig', { aliases: ['xfig'], detect: { text: dataTextIs('fig') } }),
  odg: vec(`${ODF}.graphics`, 'OpenDocument drawing', 'odg', { detect: { fileType: ['odg'] } }),
  otg: vec(`${ODF}.graphics-template`, 'OpenDocument drawing template', 'otg', { detect: { fileType: ['otg'] } }),
  fodg: vec(`${ODF}.graphics-flat-xml`, 'Flat OpenDocument drawing', 'fodg', {
    detect: { text: officeTextIs('fodg') },
  }),
  sxd: vec('application/vnd.sun.xml.draw', 'StarOffice/OpenOffice.org 1 drawing', 'sxd', {
    detect: { container: 'odf-package' },
  }),
  emf: vec('image/emf', 'Enhanced Metafile', 'emf', { detect: { signature: isEmf } }),
  wmf: vec('image/wmf', 'Windows Metafile', 'wmf', { detect: { signature: isWmf } }),
} as const;
