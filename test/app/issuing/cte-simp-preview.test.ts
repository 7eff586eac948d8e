// The CT-e Simplificado preview is the real DACTE (deliveries table and all) of the payload about to
// be sent, marked as having no fiscal value, with the authority's parts (key, QR code) explained.
import { describe, expect, it } from 'vitest';

import { cteSimpPreviewHtml, cteSimpPreviewView } from '../../../electron/app/issuing/cte-simp-preview';
import { PREVIEW_MARK } from '../../../electron/app/issuing/preview';
import type { JsonObject } from '../../../electron/fiscal/payload';
import { buildCteSimpPayload } from '../../../electron/fiscal/payload';
import { cteSimpFormSchema } from '../../../electron/shared/schemas/cte-simp-form';
import { htmlText } from '../../documents/support';
import { cteSimpForm } from '../../fiscal/payload/cte-simp-forms';
import { company, nfeKey } from '../../fiscal/payload/forms';

const payload = (): JsonObject =>
  buildCteSimpPayload(cteSimpFormSchema.parse(cteSimpForm()), {
    company,
    serie: 3,
    numero: 41,
    ambiente: 'homologacao',
    referencia: 'previa-simp',
    dhEmi: '2026-11-22T10:00:00-03:00',
  }) as JsonObject;

describe('CT-e Simplificado preview', () => {
  it('reads the payload like an authorized XML: items, routes, keys, totals', () => {
    const view = cteSimpPreviewView(payload());
    expect(view.chave).toBe('');
    expect(view.ide.nCT).toBe('41');
    expect(view.entregas?.map((e) => [e.nItem, e.xMunFim, e.docs.length])).toEqual([
      ['1', 'São Paulo', 2],
      ['2', 'Campinas', 1],
    ]);
    expect(view.vPrest.vTPrest).toBe('1150.5');
  });

  it('prints the DACTE with the preview mark and without key or QR code', () => {
    const html = cteSimpPreviewHtml(payload());
    const text = htmlText(html);
    expect(text).toContain(PREVIEW_MARK);
    expect(text).toContain('QR Code após autorizar');
    expect(text).toContain('gerada na autorização');
    expect(text).toContain('CT-e simplificado');
    expect(text).toContain(`2 Curitiba/PR Campinas/SP NF-E ${nfeKey(803)} R$ 450,50 R$ 400,00`);
    expect(text).toContain(`1 NF-E ${nfeKey(802)}`);
    expect(text).toContain('R$ 1.150,50');
    expect(text).toContain('Indústria Remetente Ltda (Remetente)');
    expect(html).not.toMatch(/undefined|NaN|\[object Object\]/);
  });
});
