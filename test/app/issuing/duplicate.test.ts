// "Copiar" an issued CT-e: its payload back into a draft that the form opens as sent, every group
// included (optional parties, IBS/CBS, retira, observations, DC-e keys), and that sends the same.
import { describe, expect, it } from 'vitest';

import { cteFormFromPayload } from '../../../electron/app/issuing/duplicate';
import { buildCtePayload } from '../../../electron/fiscal/payload';
import { cteFormSchema } from '../../../electron/shared/schemas/cte-form';
import { emptyCteDraft, toSchemaInput, withDefaults } from '../../../renderer/src/components/cte/form-model';
import { company, cteForm, dceKey } from '../../fiscal/payload/forms';

const ctx = (numero: number) => ({
  company,
  serie: 1,
  numero,
  ambiente: 'homologacao' as const,
  referencia: `carreta-copia-${numero}`,
  dhEmi: '2026-11-22T10:00:00-03:00',
});

describe('copy of an issued CT-e', () => {
  it('opens in the form with every group and sends the same payload again', () => {
    const form = cteFormSchema.parse(
      cteForm({
        geral: { ...cteForm().geral, retira: true, xDetRetira: 'Filial Centro' },
        expedidor: {
          cpfCnpj: '11.444.777/0001-61',
          xNome: 'Expedidora Ltda',
          endereco: {
            xLgr: 'Rua B',
            nro: '2',
            xBairro: 'Centro',
            cMun: '4106902',
            xMun: 'Curitiba',
            uf: 'PR',
          },
        },
        impostos: {
          icms: { situacao: '00', pICMS: 12 },
          ibsCbs: { cst: '000', cClassTrib: '000001', pIBSUF: 0.1, pIBSMun: 0, pCBS: 0.9 },
          vTotTrib: 99.9,
          infAdFisco: 'Regime especial',
        },
        carga: { ...cteForm().carga, vCargaAverb: 26000 },
        documentos: { nfe: [], dce: [{ chave: dceKey(3) }], outros: [] },
        observacoes: {
          xObs: 'Frágil',
          obsCont: [{ xCampo: 'Pedido', xTexto: 'P-9' }],
          obsFisco: [{ xCampo: 'Regime', xTexto: 'Especial' }],
        },
      }),
    );
    const first = buildCtePayload(form, ctx(1));
    const draft = withDefaults(emptyCteDraft(), cteFormFromPayload(first));
    expect(draft.use.expedidor).toBe(true);
    expect(draft.impostos.ibsCbsOn).toBe(true);
    expect(draft.recebedor.xNome).toBe('');
    const again = buildCtePayload(cteFormSchema.parse(toSchemaInput(draft)), ctx(2));
    const strip = (p: typeof first) => {
      const inf = structuredClone(p.infCte) as Record<string, Record<string, unknown>>;
      delete inf.ide!.nCT;
      return inf;
    };
    expect(strip(again)).toEqual(strip(first));
  });
});
