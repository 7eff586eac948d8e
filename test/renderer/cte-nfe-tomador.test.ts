// The CT-e form takes its tomador from the NF-e freight mode the pre-fill reports (NF-e MOC X02
// transp/modFrete: 1 FOB → destinatário, toma 3); with no payer named the clerk's choice stays.
import { afterEach, describe, expect, it } from 'vitest';

import { setTransport } from '../../renderer/src/bridge';
import { emptyCteDraft } from '../../renderer/src/views/emitir-cte/form-model';
import { importNfe } from '../../renderer/src/views/emitir-cte/nfe-import';
import { createFakeTransport } from './support/fake-transport';

const chave = '41261104252011000110550010000009011123456780';

function answering(toma: 0 | 3 | null, modFrete: string | null) {
  const t = createFakeTransport();
  t.handlers['cte:prefillFromNfe'] = () => ({
    ok: true,
    data: {
      remetente: null,
      destinatario: null,
      carga: { vCarga: 0, pesoBruto: 0, pesoLiquido: 0, volumes: 0 },
      chaves: [chave],
      modFrete,
      toma,
      problems: [],
      warnings: [],
    },
  });
  setTransport(t);
}

afterEach(() => setTransport(null));

describe('tomador from modFrete', () => {
  it('FOB makes the destinatário the tomador', async () => {
    answering(3, '1');
    const data = emptyCteDraft();
    expect(data.geral.toma).toBe(0);
    await importNfe(data, [{ name: 'a.xml', base64: 'eA==' }], null);
    expect(data.geral.toma).toBe(3);
  });

  it("terceiros (no payer named) keeps the clerk's choice", async () => {
    answering(null, '2');
    const data = emptyCteDraft();
    data.geral.toma = 1;
    await importNfe(data, [{ name: 'a.xml', base64: 'eA==' }], null);
    expect(data.geral.toma).toBe(1);
  });
});
