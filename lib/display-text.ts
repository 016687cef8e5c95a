// Names from outside (uploaded file names, a workbook's sheet names) are display text: shown in
// pages, sent in headers, written into ZIP entries. These characters never pass: C0 and C1
// controls (NUL included), and the bidi marks and overrides that make a name read as something else.

/** Characters removed from any name shown or stored (global: use with `replace`). */
export const UNSAFE_TEXT = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
