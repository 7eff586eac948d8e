// The web host's PDF engine: one for the app's printouts and the demonstração's sandbox, closed with
// the host when the host started it, left open when the caller handed it in (the end-to-end tests
// share one browser across the hosts of a worker).
import { afterEach, describe, expect, it } from 'vitest';

import type { PdfEngine } from '../../electron/documents/pdf';
import { createWebPrinter } from '../../electron/web/printing';
import type { TestHost } from './helpers';
import { startTestHost } from './helpers';

/** Answers each HTML with its own bytes, and counts what it is asked. */
function countingEngine() {
  const calls = { pdfs: [] as string[], closed: 0 };
  const engine: PdfEngine = {
    htmlToPdf: (html) => {
      calls.pdfs.push(html);
      return Promise.resolve(new TextEncoder().encode(`%PDF-1.4 ${html}`));
    },
    close: () => {
      calls.closed += 1;
      return Promise.resolve();
    },
  };
  return { engine, calls };
}

let host: TestHost | null = null;
afterEach(async () => {
  await host?.cleanup();
  host = null;
});

describe('web printer', () => {
  it('closes the engine it was given only when it owns it', async () => {
    const owned = countingEngine();
    await createWebPrinter(owned.engine).close?.();
    expect(owned.calls.closed).toBe(1);

    const lent = countingEngine();
    const printer = createWebPrinter(lent.engine, { ownsEngine: false });
    expect((await printer.toPdf('<p>a</p>'))?.toString('latin1')).toBe('%PDF-1.4 <p>a</p>');
    await printer.close?.();
    expect(lent.calls.closed).toBe(0);
  });

  it('prints on the engine handed to the host, and leaves it open when the host closes', async () => {
    const lent = countingEngine();
    host = await startTestHost({ pdfEngine: lent.engine });
    const printer = host.app.context.host.printer;
    expect((await printer?.toPdf('<p>dacte</p>'))?.toString('latin1')).toBe('%PDF-1.4 <p>dacte</p>');
    expect(lent.calls.pdfs).toEqual(['<p>dacte</p>']);
    await host.cleanup();
    host = null;
    expect(lent.calls.closed).toBe(0);
  });
});
