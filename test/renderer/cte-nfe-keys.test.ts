// NF-e keys in the CT-e form: pasted keys whose CNPJ has letters (alphanumeric CNPJ, July 2026),
// the `?nfe=` link from the inbox as a comma list or repeated, and what the pre-fill found shown.
import { afterEach, describe, expect, it } from 'vitest';

import { buildNfeKey, isValidAccessKey } from '../../electron/fiscal/access-key';
import { cnpjCheckDigits } from '../../electron/fiscal/cnpj';
import { setTransport } from '../../renderer/src/bridge';
import { validateCte } from '../../renderer/src/views/emitir-cte/form-model';
import { useAppStore } from '../../renderer/src/stores/app';
import { useCteStore } from '../../renderer/src/stores/cte';
import EmitirCteView from '../../renderer/src/views/emitir-cte/EmitirCteView.vue';
import { keysFromText, keysOfQuery } from '../../renderer/src/views/emitir-cte/nfe-import';
import { createFakeTransport, settingsWith } from './support/fake-transport';
import { mountWith, settle, waitFor } from './support/mount';

const company = '45723174000110';
const ALNUM_BASE = '12ABC34501DE';
const alnumCnpj = ALNUM_BASE + cnpjCheckDigits(ALNUM_BASE)!;
const key = (cnpj: string, numero: number) =>
  buildNfeKey({ cUF: 35, aamm: '2608', cnpj, serie: 1, numero, tpEmis: 1, codigo: 10_000_000 + numero })!;
const alnumKey = key(alnumCnpj, 501);
const digitKey = key('04252011000110', 502);

const mounted: { unmount(): void }[] = [];
afterEach(() => {
  for (const w of mounted.splice(0)) w.unmount();
  setTransport(null);
  document.body.innerHTML = '';
});

describe('NF-e keys from text and links', () => {
  it('the alphanumeric key is a real one: letters in the CNPJ, check digit right', () => {
    expect(alnumKey).toMatch(/^35260812ABC34501DE\d{2}55/);
    expect(isValidAccessKey(alnumKey)).toBe(true);
  });

  it('pasted text gives keys with letters, typed in lowercase or with separators, once each', () => {
    const spaced = alnumKey.match(/.{4}/g)!.join(' ').toLowerCase();
    const dotted = `${digitKey.slice(0, 20)}.${digitKey.slice(20, 30)}-${digitKey.slice(30)}`;
    expect(keysFromText(`NF-e 1: ${spaced}\nNF-e 2: ${dotted}\n${alnumKey}`)).toEqual([alnumKey, digitKey]);
    // Letters are allowed only where the CNPJ goes.
    const lettersElsewhere = `${alnumKey.slice(0, 30)}A${alnumKey.slice(31)}`;
    expect(keysFromText(lettersElsewhere)).toEqual([]);
  });

  it('?nfe= as a comma list, repeated, or both', () => {
    expect(keysOfQuery('a,b')).toEqual(['a', 'b']);
    expect(keysOfQuery(['a', 'b,c', 'a'])).toEqual(['a', 'b', 'c']);
    expect(keysOfQuery(undefined)).toEqual([]);
    expect(keysOfQuery([null, ''])).toEqual([]);
  });
});

function transport() {
  const t = createFakeTransport({ settings: settingsWith({ selectedCompany: null }) });
  t.handlers['companies:get'] = () => ({ ok: false, error: { code: 'offline', message: 'sem rede' } });
  t.handlers['drafts:list'] = () => ({ ok: true, data: { drafts: [] } });
  t.handlers['drafts:save'] = (input) => ({
    ok: true,
    data: {
      id: 7,
      kind: 'cte',
      company,
      title: null,
      data: (input as { data: unknown }).data,
      createdAt: '2026-03-05T13:00:00.000Z',
      updatedAt: '2026-03-05T13:00:00.000Z',
    },
  });
  return t;
}

describe('Emitir CT-e with NF-e keys', () => {
  it('a pasted alphanumeric key is accepted and checked like any other', async () => {
    const t = transport();
    const { wrapper } = await mountWith(EmitirCteView, t, { route: '/emitir-cte' });
    mounted.push(wrapper);
    await useAppStore().updateSettings({ selectedCompany: company });
    const store = useCteStore();
    store.goTo(5);
    await settle();
    await wrapper.find('textarea').setValue(alnumKey.match(/.{4}/g)!.join(' '));
    await wrapper
      .findAll('button')
      .find((b) => b.text() === 'Adicionar')!
      .trigger('click');
    await settle();
    const rows = wrapper.findAll('[data-testid="nfe-keys"] tr');
    expect(rows).toHaveLength(1);
    expect(store.data.documentos.nfe).toEqual([{ chave: alnumKey }]);
    expect(rows[0]!.find('.cte-ok').exists()).toBe(true);
    expect(validateCte(store.data)['documentos.nfe.0.chave']).toBeUndefined();
    // A wrong check digit is still caught, letters and all.
    const bad = alnumKey.slice(0, 43) + String((Number(alnumKey[43]) + 1) % 10);
    await rows[0]!.find('input').setValue(bad);
    await settle();
    expect(wrapper.find('[data-testid="nfe-keys"]').text()).toContain('Dígito verificador não confere');
  });

  it('?nfe=a&nfe=b fills the form from both notes and shows what the pre-fill warned about', async () => {
    const t = transport();
    const asked: string[][] = [];
    t.handlers['inbox:nfeXml'] = (input) => {
      const { chaves } = input as { chaves: string[] };
      asked.push(chaves);
      return {
        ok: true,
        data: { notes: chaves.map((chave) => ({ chave, xml: `<nfeProc>${chave}</nfeProc>` })) },
      };
    };
    t.handlers['cte:prefillFromNfe'] = () => ({
      ok: true,
      data: {
        remetente: null,
        destinatario: null,
        carga: { vCarga: 10, pesoBruto: 1, pesoLiquido: 1, volumes: 1 },
        chaves: [alnumKey, digitKey],
        problems: [
          { name: `NF-e ${digitKey}`, message: 'O arquivo não é o XML de uma NF-e (nfeProc ou NFe).' },
        ],
        warnings: [`A NF-e ${alnumKey} já consta em outro CT-e (série 1, número 9).`],
      },
    });
    const { wrapper } = await mountWith(EmitirCteView, t, {
      route: `/emitir-cte?nfe=${alnumKey}&nfe=${digitKey}`,
    });
    mounted.push(wrapper);
    // The link may open before the settings arrive: the notes are read once the company is known.
    expect(asked).toEqual([]);
    await useAppStore().updateSettings({ selectedCompany: company });
    const report = await waitFor(() => {
      const el = document.querySelector('[data-testid="inbox-report"]');
      if (!el) throw new Error('not yet');
      return el;
    });
    expect(asked).toEqual([[alnumKey, digitKey]]);
    expect(document.querySelector('[data-testid="inbox-notice"]')?.textContent).toContain(
      '2 NF-e da caixa de entrada preenchidas no formulário.',
    );
    expect(report.textContent).toContain('Confira antes de emitir');
    expect(report.textContent).toContain('já consta em outro CT-e (série 1, número 9)');
    expect(report.textContent).toContain(`NF-e ${digitKey}: O arquivo não é o XML de uma NF-e`);
    expect(useCteStore().data.documentos.nfe.map((n) => n.chave)).toEqual([alnumKey, digitKey]);
  });
});
