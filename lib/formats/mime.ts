// MIME types several families' records share.

export const PLAIN_TEXT = 'text/plain; charset=utf-8';
/** Office Open XML (Word, Excel, PowerPoint 2007+): `${OOXML}.wordprocessingml.document`… */
export const OOXML = 'application/vnd.openxmlformats-officedocument';
/** OpenDocument: `${ODF}.text`, `${ODF}.spreadsheet-template`… */
export const ODF = 'application/vnd.oasis.opendocument';
