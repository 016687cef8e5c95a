// The floor of the one-request convert, as measured from outside the service: a bare node:http
// server in its own process that parses the multipart request the service gets with busboy,
// converts its file part with sharp and answers the WebP in the same request (or, `stub`, answers
// the file as it came: what HTTP and multipart alone cost). No identity, row, queue, sandbox or
// separate download. It is fed by the same client as the service (Client.convertInOneRequest: the
// same body, encoded once).
import { type BareServer, startBareServer } from './bare-server';

export function startFloorServer(webpOptions: Record<string, unknown>, stub = false): Promise<BareServer> {
  return startBareServer(`
    const http = require('node:http'); const busboy = require('busboy'); const sharp = require('sharp');
    const s = http.createServer((req, res) => {
      const chunks = []; const bb = busboy({ headers: req.headers });
      bb.on('file', (_name, file) => file.on('data', (c) => chunks.push(c)));
      bb.on('close', async () => {
        const png = Buffer.concat(chunks);
        const out = ${stub ? 'png' : `await sharp(png).webp(${JSON.stringify(webpOptions)}).toBuffer()`};
        res.writeHead(200, { 'content-type': 'image/webp', 'content-length': out.length }).end(out);
      });
      req.pipe(bb);
    });
    s.listen(0, '127.0.0.1', () => console.log(s.address().port));`);
}
