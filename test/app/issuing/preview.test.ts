// The review step's DACTE preview: the payload read by the DACTE parser and printed by the DACTE
// renderer, with every block of the form visible and nothing the authority gives (key, QR, protocol).
import { describe, expect, it } from 'vitest';

import {
  ctePreviewView,
  cteOsPreviewView,
  previewHtml,
  PREVIEW_MARK,
} from '../../../electron/app/issuing/preview';
import type { JsonObject } from '../../../electron/fiscal/payload';
import { buildCteOsPayload, buildCtePayload } from '../../../electron/fiscal/payload';
import { cteFormSchema } from '../../../electron/shared/schemas/cte-form';
import { cteOsFormSchema } from '../../../electron/shared/schemas/cteos-form';
import { company, cteForm, cteOsForm, dceKey, nfeKey } from '../../fiscal/payload/forms';

const ctx = {
  company,
  serie: 3,
  numero: 4321,
  ambiente: 'homologacao' as const,
  referencia: 'carreta-preview',
  dhEmi: '2026-11-22T10:15:00-03:00',
};

/** What a reader sees: tags dropped, entities decoded, spaces collapsed. */
function textOf(html: string): string {
  return html
    .replace(/<style[\s\S]*?<\/style>/g, ' ')
    .replace(/<svg[\s\S]*?<\/svg>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

const fullForm = () =>
  cteFormSchema.parse(
    cteForm({
      geral: {
        cfop: '6353',
        natOp: 'Prestação de serviço de transporte',
        tpServ: 0,
        toma: 4,
        inicio: { cMun: '4106902', xMun: 'Curitiba', uf: 'PR' },
        fim: { cMun: '3550308', xMun: 'São Paulo', uf: 'SP' },
        dhEmi: '2026-11-20T08:30-03:00',
        retira: false,
      },
      expedidor: {
        cpfCnpj: '11.444.777/0001-61',
        xNome: 'Expedidora Armazéns Ltda',
        endereco: {
          xLgr: 'Rua do Porto',
          nro: '7',
          xBairro: 'Rebouças',
          cMun: '4106902',
          xMun: 'Curitiba',
          uf: 'PR',
        },
      },
      recebedor: {
        cpfCnpj: '529.982.247-25',
        xNome: 'Recebedor Pessoa Física',
        endereco: {
          xLgr: 'Rua Vergueiro',
          nro: '900',
          xBairro: 'Liberdade',
          cMun: '3550308',
          xMun: 'São Paulo',
          uf: 'SP',
        },
      },
      tomador: {
        cpfCnpj: '04.252.011/0001-10',
        xNome: 'Tomadora Outros S.A.',
        endereco: {
          xLgr: 'Av. Paulista',
          nro: '1',
          xBairro: 'Bela Vista',
          cMun: '3550308',
          xMun: 'São Paulo',
          uf: 'SP',
        },
      },
      impostos: { icms: { situacao: '00', pICMS: 12 }, vTotTrib: 222.33 },
      observacoes: {
        xObs: 'Entregar no horário comercial',
        obsCont: [{ xCampo: 'Pedido', xTexto: 'PED-98765' }],
      },
    }),
  );

describe('CT-e preview (DACTE from the payload)', () => {
  it('homologação: the parties print as the payload names them (MOC Anexo I G002–G005)', () => {
    const text = textOf(previewHtml(buildCtePayload(fullForm(), ctx)));
    expect(text.split('CTE EMITIDO EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL').length - 1).toBe(4);
    expect(text).toContain('Tomadora Outros S.A.');
    expect(text).not.toContain('Indústria Remetente Ltda');
  });

  it('shows every block of the form: ide, parties, values, tax, cargo, documents, modal, observations', () => {
    // Produção: in homologação the parties carry the MOC literal instead (next test).
    const payload = buildCtePayload(fullForm(), { ...ctx, ambiente: 'producao' });
    const text = textOf(previewHtml(payload));
    expect(text).toContain(PREVIEW_MARK);
    expect(text).toContain('DACTE');
    // Dados gerais
    for (const s of [
      '6353',
      'Prestação de serviço de transporte',
      'CURITIBA',
      'SÃO PAULO',
      '4321',
      '20/11/2026 08:30',
    ])
      expect(text.toUpperCase()).toContain(s.toUpperCase());
    // Partes (emitente, remetente, destinatário, expedidor, recebedor, tomador "outros")
    for (const s of [
      'Transportes Teste Ltda',
      'Indústria Remetente Ltda',
      "Joana D'Arc",
      'Expedidora Armazéns Ltda',
      'Recebedor Pessoa Física',
      'Tomadora Outros S.A.',
      'Rua das Flores',
    ])
      expect(text).toContain(s);
    // Valores and impostos
    for (const s of [
      'Frete peso',
      'R$ 1.200,00',
      'Pedágio',
      'R$ 300,00',
      'R$ 1.500,00',
      '12,00%',
      'R$ 180,00',
      'R$ 222,33',
    ])
      expect(text).toContain(s);
    // Carga
    for (const s of ['Peças automotivas', 'R$ 25.000,50', '1.234,5678']) expect(text).toContain(s);
    // Documentos, modal, observações
    expect(text).toContain(nfeKey(712));
    expect(text).toContain('12345678');
    expect(text).toContain('Entregar no horário comercial');
    expect(text).toContain('PED-98765');
  });

  it('carries no key, QR code nor protocol, and says they come with the authorization', () => {
    const payload = buildCtePayload(fullForm(), ctx);
    const view = ctePreviewView(payload);
    expect(view.chave).toBe('');
    expect(view.qrCode).toBe('');
    expect(view.protocol).toBeUndefined();
    expect(view.ide.mod).toBe('57');
    expect(view.tomaRole).toBe('Outros');
    const html = previewHtml(payload);
    expect(html).not.toContain('<svg');
    expect(html).toContain('QR Code após autorizar');
    expect(html).toContain('gerada na autorização');
    expect(html).not.toContain('QR Code ausente no XML');
  });

  it('lists DC-e keys among the documents', () => {
    const keys = [dceKey(5), dceKey(6)];
    const form = cteFormSchema.parse(
      cteForm({ documentos: { nfe: [], dce: keys.map((chave) => ({ chave })), outros: [] } }),
    );
    const payload = buildCtePayload(form, ctx);
    const view = ctePreviewView(payload);
    expect(view.docs.map((d) => [d.tipo, d.chave])).toEqual(keys.map((k) => ['DC-E', k]));
    const text = textOf(previewHtml(payload));
    for (const k of keys) expect(text).toContain(k);
  });

  it('marks the production environment only when the payload is for production', () => {
    const payload = buildCtePayload(fullForm(), { ...ctx, ambiente: 'producao' });
    expect(ctePreviewView(payload).ambiente).toBe('producao');
    expect(ctePreviewView(buildCtePayload(fullForm(), ctx)).ambiente).toBe('homologacao');
  });

  it('survives a payload with missing groups (a draft half filled never crashes the preview)', () => {
    const html = previewHtml({ infCte: { ide: { nCT: 1 } }, ambiente: 'homologacao' } as JsonObject);
    expect(html).toContain(PREVIEW_MARK);
  });
});

describe('CT-e OS preview', () => {
  it('is printed as the DACTE OS', () => {
    const payload = buildCteOsPayload(cteOsFormSchema.parse(cteOsForm()), ctx);
    expect(cteOsPreviewView(payload).kind).toBe('cteos');
    const text = textOf(previewHtml(payload));
    expect(text).toContain(PREVIEW_MARK);
    expect(text).toContain('Escola Tomadora');
    expect(text).toContain('Fretamento eventual');
    expect(text).toContain('R$ 800,00');
  });
});
