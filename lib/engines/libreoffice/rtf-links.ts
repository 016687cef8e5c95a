import { createReadStream } from 'node:fs';
import { checkFieldInstruction, MAX_INSTRUCTION, refuseLinked } from './linked-content';

// RTF's linked content: fields ({\field{\*\fldinst INCLUDEPICTURE "…"}{\fldrslt …}}, which
// LibreOffice's importer resolves itself) and linked OLE objects (\objlink, \objautlink). A
// small streaming tokenizer rebuilds each field's instruction the way a reader would (groups,
// \'hh and \uN escapes, \binN data skipped), and linked-content.ts judges it by its type.

type Frame = { instruction?: string; stopsText?: boolean; uc: number };

const isLetter = (b: number) => (b >= 0x61 && b <= 0x7a) || (b >= 0x41 && b <= 0x5a);
const isDigit = (b: number) => b >= 0x30 && b <= 0x39;

class RtfFieldScanner {
  private stack: Frame[] = [{ uc: 1 }];
  private state: 'text' | 'escape' | 'word' | 'param' | 'hex' = 'text';
  private word = '';
  private param = '';
  private hex = '';
  private skipBytes = 0; // \binN data
  private skipChars = 0; // the fallback after \uN

  private get top(): Frame {
    return this.stack[this.stack.length - 1];
  }

  /** Text goes to the nearest instruction, unless a nested field or a result is in between. */
  private text(ch: string): void {
    if (this.skipChars > 0) {
      this.skipChars--;
      return;
    }
    for (let i = this.stack.length - 1; i >= 0; i--) {
      const f = this.stack[i];
      if (f.instruction !== undefined) {
        if (f.instruction.length < MAX_INSTRUCTION) f.instruction += ch;
        return;
      }
      if (f.stopsText) return;
    }
  }

  private controlWord(word: string, param: string): void {
    switch (word) {
      case 'fldinst':
        this.top.instruction = '';
        break;
      case 'field':
      case 'fldrslt':
        this.top.stopsText = true;
        break;
      case 'objlink':
      case 'objautlink':
        throw refuseLinked('a linked OLE object');
      case 'bin':
        this.skipBytes = Math.max(0, Number(param) || 0);
        break;
      case 'uc':
        this.top.uc = Math.max(0, Number(param) || 0);
        break;
      case 'u': {
        const n = Number(param) || 0;
        this.text(String.fromCharCode(n < 0 ? n + 0x10000 : n));
        this.skipChars = this.top.uc;
        break;
      }
      case 'tab':
      case 'par':
      case 'line':
        this.text(' ');
        break;
    }
  }

  feed(buf: Buffer): void {
    for (let i = 0; i < buf.length; i++) {
      if (this.skipBytes > 0) {
        const n = Math.min(this.skipBytes, buf.length - i);
        this.skipBytes -= n;
        i += n - 1;
        continue;
      }
      const b = buf[i];
      switch (this.state) {
        case 'escape':
          if (isLetter(b)) {
            this.word = String.fromCharCode(b);
            this.state = 'word';
          } else if (b === 0x27) {
            this.hex = '';
            this.state = 'hex';
          } else {
            this.state = 'text';
            if (b === 0x5c || b === 0x7b || b === 0x7d)
              this.text(String.fromCharCode(b)); // \\ \{ \}
            else if (b === 0x7e) this.text(' '); // \~
          }
          continue;
        case 'hex':
          this.hex += String.fromCharCode(b);
          if (this.hex.length === 2) {
            this.state = 'text';
            this.text(String.fromCharCode(parseInt(this.hex, 16) || 0));
          }
          continue;
        case 'word':
          if (isLetter(b)) {
            if (this.word.length < 32) this.word += String.fromCharCode(b);
            continue;
          }
          this.param = '';
          if (isDigit(b) || b === 0x2d) {
            this.param = String.fromCharCode(b);
            this.state = 'param';
            continue;
          }
          this.endControlWord();
          if (b === 0x20) continue; // a space ends a control word and is not text
          break; // any other delimiter is an ordinary byte: handle it below
        case 'param':
          if (isDigit(b) && this.param.length < 12) {
            this.param += String.fromCharCode(b);
            continue;
          }
          this.endControlWord();
          if (b === 0x20) continue;
          break;
      }
      if (this.skipBytes > 0) {
        i--; // \binN ended with this byte, which is already data
        continue;
      }
      if (b === 0x5c) this.state = 'escape';
      else if (b === 0x7b) this.stack.push({ uc: this.top.uc });
      else if (b === 0x7d) this.closeGroup();
      else if (b !== 0x0d && b !== 0x0a) this.text(String.fromCharCode(b));
    }
  }

  private endControlWord(): void {
    this.state = 'text';
    this.controlWord(this.word, this.param);
  }

  private closeGroup(): void {
    const f = this.stack.length > 1 ? this.stack.pop()! : this.top;
    if (f.instruction !== undefined) checkFieldInstruction(f.instruction);
  }

  end(): void {
    if (this.state === 'word' || this.state === 'param') this.controlWord(this.word, this.param);
    // Groups left open at the end of the file still count.
    while (this.stack.length > 1) this.closeGroup();
    if (this.top.instruction !== undefined) checkFieldInstruction(this.top.instruction);
  }
}

/** Throws AppError('linked_content') if the RTF file has a field or OLE object that loads content. */
export async function assertRtfHasNoLinks(file: string): Promise<void> {
  const scanner = new RtfFieldScanner();
  for await (const chunk of createReadStream(file)) scanner.feed(chunk as Buffer);
  scanner.end();
}
