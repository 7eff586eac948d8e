import { afterEach, describe, expect, it } from 'vitest';

import { setTransport } from '../../renderer/src/bridge';
import { useAppStore } from '../../renderer/src/stores/app';
import { emptyCteOsDraft, validateCteOs } from '../../renderer/src/views/emitir-cteos/cteos-model';
import EmitirCteOsView from '../../renderer/src/views/emitir-cteos/EmitirCteOsView.vue';
import { createFakeTransport, settingsWith } from './support/fake-transport';
import { mountWith, settle } from './support/mount';

const company = '45723174000110';
const mounted: { unmount(): void }[] = [];
afterEach(() => {
  for (const w of mounted.splice(0)) w.unmount();
  setTransport(null);
  document.body.innerHTML = '';
});

function validOs() {
  const d = emptyCteOsDraft();
  d.geral.cfop = '5357';
  d.geral.inicio = { cMun: '3509502', xMun: 'Campinas', uf: 'SP' };
  d.geral.fim = { cMun: '3550308', xMun: 'São Paulo', uf: 'SP' };
  d.tomador.cpfCnpj = '04252011000110';
  d.tomador.xNome = 'Escola Boa Viagem';
  d.tomador.endereco = {
    xLgr: 'Rua B',
    nro: '1',
    xCpl: '',
    xBairro: 'Centro',
    cMun: '3509502',
    xMun: 'Campinas',
    uf: 'SP',
    cep: '',
  };
  d.valores = { componentes: [{ xNome: 'SERVICO', vComp: 800 }], vTPrest: 800, vRec: 800 };
  d.icms = { situacao: 'SN' };
  d.servico.xDescServ = 'FRETAMENTO ESCOLAR';
  return d;
}

describe('Emitir CT-e OS', () => {
  it('validates with the CT-e OS schema, including the components sum', () => {
    expect(validateCteOs(validOs())).toEqual({});
    const d = validOs();
    d.valores.vTPrest = 900;
    expect(validateCteOs(d)['valores.vTPrest']).toContain('difere do valor total');
    expect(Object.keys(validateCteOs(emptyCteOsDraft()))).toContain('servico.xDescServ');
  });

  it('refuses to send an incomplete form, showing each problem beside its field', async () => {
    const transport = createFakeTransport({ settings: settingsWith({ selectedCompany: company }) });
    const { wrapper } = await mountWith(EmitirCteOsView, transport, { route: '/emitir-cteos' });
    mounted.push(wrapper);
    await useAppStore().updateSettings({ selectedCompany: company });
    await settle();
    expect(wrapper.find('[data-path="servico.xDescServ"]').text()).not.toContain('descreva o serviço');
    await wrapper.find('[data-testid="emitir-cteos"]').trigger('click');
    await settle();
    expect(wrapper.find('[data-testid="cteos-problem"]').text()).toMatch(/Há \d+ campo\(s\) a corrigir/);
    expect(wrapper.find('[data-path="servico.xDescServ"]').text()).toContain('descreva o serviço');
    expect(wrapper.find('[data-path="tomador.cpfCnpj"]').classes()).toContain('cte-field--invalid');
    expect(transport.calls.some((c) => c.channel === 'cte:issue')).toBe(false);
  });
});
