import type { VueWrapper } from '@vue/test-utils';
import { afterEach, describe, expect, it } from 'vitest';

import { cnpjCheckDigits } from '../../electron/fiscal/cnpj';
import App from '../../renderer/src/App.vue';
import { setTransport } from '../../renderer/src/bridge';
import { useAppStore } from '../../renderer/src/stores/app';
import type { FakeTransport } from './support/fake-transport';
import { createFakeTransport, settingsWith } from './support/fake-transport';
import { mountWith, settle, waitFor } from './support/mount';

const BASE = '112223330001';
const CNPJ = BASE + cnpjCheckDigits(BASE);
const OTHER_BASE = '123456780001';
const OTHER = OTHER_BASE + cnpjCheckDigits(OTHER_BASE);
const PASSWORD = 'senha-do-certificado-987';

afterEach(() => {
  setTransport(null);
  document.body.innerHTML = '';
});

function company(cpfCnpj: string, nome: string, cidade = 'São Paulo') {
  return {
    cpf_cnpj: cpfCnpj,
    nome_razao_social: nome,
    nome_fantasia: null,
    email: 'fiscal@example.com',
    endereco: {
      logradouro: 'Rua A',
      numero: '1',
      bairro: 'Centro',
      codigo_municipio: '3550308',
      cidade,
      uf: 'SP',
      cep: '01310100',
    },
  };
}

function base(configure?: (transport: FakeTransport) => void) {
  const transport = createFakeTransport({
    settings: settingsWith({ environment: 'sandbox', selectedCompany: CNPJ }),
  });
  const companies = [
    company(CNPJ, 'RODOVIA AZUL TRANSPORTES LTDA'),
    company(OTHER, 'CARGA CERTA LOGISTICA LTDA', 'Campinas'),
  ];
  transport.handlers['companies:list'] = (input) => {
    const { nome } = input as { nome?: string };
    const list = nome
      ? companies.filter((c) => c.nome_razao_social.toLowerCase().startsWith(nome.toLowerCase()))
      : companies;
    return { ok: true, data: { companies: list } };
  };
  transport.handlers['companies:get'] = (input) => ({
    ok: true,
    data: companies.find((c) => c.cpf_cnpj === (input as { cpfCnpj: string }).cpfCnpj),
  });
  transport.handlers['certificates:list'] = () => ({ ok: true, data: { certificates: [] } });
  configure?.(transport);
  return transport;
}

describe('Empresas list', { timeout: 20_000 }, () => {
  it('lists with masked CNPJ, city/UF and the selected badge; filters by name; opens a company', async () => {
    const transport = base();
    const { wrapper, router } = await mountWith(App, transport, { route: '/empresas' });
    const table = await waitFor(() => wrapper.get('[data-testid="companies-table"]'));
    await settle();
    const text = table.text();
    expect(text).toContain('11.222.333/0001-');
    expect(text).toContain('Campinas / SP');
    const selectedRow = wrapper.get(`[data-testid="company-row-${CNPJ}"]`);
    expect(selectedRow.find('[data-testid="company-selected-badge"]').exists()).toBe(true);
    expect(
      wrapper
        .get(`[data-testid="company-row-${OTHER}"]`)
        .find('[data-testid="company-selected-badge"]')
        .exists(),
    ).toBe(false);

    await wrapper.get('[data-testid="filter-nome"]').setValue('carga');
    await waitFor(
      () => expect(transport.calls.at(-1)).toEqual({ channel: 'companies:list', input: { nome: 'carga' } }),
      2000,
    );
    await settle();
    expect(wrapper.find(`[data-testid="company-row-${CNPJ}"]`).exists()).toBe(false);

    await wrapper.get(`[data-testid="company-row-${OTHER}"]`).trigger('click');
    await waitFor(() => expect(router.currentRoute.value.fullPath).toBe(`/empresas/${OTHER}`), 8000);
    await waitFor(() => expect(wrapper.get('h1').text()).toBe('CARGA CERTA LOGISTICA LTDA'));
  });

  it('has a helpful empty state', async () => {
    const transport = base(
      (t) => (t.handlers['companies:list'] = () => ({ ok: true, data: { companies: [] } })),
    );
    const { wrapper } = await mountWith(App, transport, { route: '/empresas' });
    const empty = await waitFor(() => wrapper.get('[data-testid="companies-empty"]'));
    expect(empty.text()).toContain('Nenhuma empresa cadastrada no ambiente Sandbox (homologação)');
  });
});

async function openCertificate(transport: FakeTransport, host: 'web' | 'electron' = 'web') {
  const mounted = await mountWith(App, transport, { route: `/empresas/${CNPJ}` });
  if (host === 'electron') {
    const app = useAppStore();
    await waitFor(() => expect(app.info).not.toBeNull());
    app.info = { ...app.info!, host: 'electron' };
  }
  const tab = await waitFor(() => mounted.wrapper.get('[data-testid="tab-certificado"]'));
  await tab.trigger('click');
  await waitFor(() => mounted.wrapper.get('[data-testid="certificate-section"]'));
  await settle();
  return mounted;
}

async function chooseFile(wrapper: VueWrapper) {
  const input = wrapper.get('[data-testid="certificate-file"]');
  const file = new File([new Uint8Array([0x30, 0x82, 0x01, 0x02])], 'empresa.pfx', {
    type: 'application/x-pkcs12',
  });
  Object.defineProperty(input.element, 'files', { value: [file], configurable: true });
  await input.trigger('change');
  await waitFor(() => wrapper.get('[data-testid="certificate-file-name"]'));
}

const info = {
  subject: 'CN=RODOVIA AZUL TRANSPORTES LTDA:11222333000181',
  issuer: 'CN=AC Teste',
  notBefore: '2026-01-01T12:00:00.000Z',
  notAfter: '2026-12-01T12:00:00.000Z',
  cpfCnpj: CNPJ,
  nomeRazaoSocial: 'RODOVIA AZUL TRANSPORTES LTDA',
  expired: false,
  daysLeft: 20,
};

describe('Certificado', { timeout: 20_000 }, () => {
  it('keeps the file after a wrong password, warns of a near expiry, uploads and forgets the password', async () => {
    const transport = base((t) => {
      t.handlers['certificate:load'] = () => ({
        ok: true,
        data: { handle: 'h-1', fileName: 'empresa.pfx', size: 4 },
      });
      t.handlers['certificate:inspect'] = (input) =>
        (input as { password: string }).password === PASSWORD
          ? { ok: true, data: info }
          : {
              ok: false,
              error: {
                code: 'certificate_wrong-password',
                message: 'Senha do certificado incorreta. Confira a senha e tente de novo.',
              },
            };
      t.handlers['certificate:upload'] = () => ({
        ok: true,
        data: { cpfCnpj: CNPJ, nomeRazaoSocial: info.nomeRazaoSocial, notAfter: info.notAfter, daysLeft: 20 },
      });
    });
    const { wrapper } = await openCertificate(transport);
    await chooseFile(wrapper);
    const load = transport.calls.find((call) => call.channel === 'certificate:load');
    expect(load?.input).toEqual({ fileName: 'empresa.pfx', base64: 'MIIBAg==' });

    const password = () => wrapper.get('#certificate-password');
    await password().setValue('errada');
    await wrapper.get('.certificate__password').trigger('submit');
    await settle();
    expect(wrapper.get('[data-testid="error-certificate.password"]').text()).toContain(
      'Senha do certificado incorreta',
    );
    expect(wrapper.get('[data-testid="certificate-file-name"]').text()).toContain('empresa.pfx');
    expect((password().element as HTMLInputElement).value).toBe('');

    await password().setValue(PASSWORD);
    await wrapper.get('.certificate__password').trigger('submit');
    await settle();
    expect(wrapper.get('[data-testid="certificate-subject"]').text()).toBe('RODOVIA AZUL TRANSPORTES LTDA');
    expect(wrapper.get('[data-testid="certificate-validity"]').text()).toContain('01/12/2026');
    expect(wrapper.get('[data-testid="certificate-expiring"]').text()).toContain('vence em 20 dias');

    const storeReads = () =>
      transport.calls.filter(
        (call) =>
          call.channel === 'certificates:list' &&
          (call.input as { includeExpired?: boolean }).includeExpired === true,
      ).length;
    const readsBefore = storeReads();
    await wrapper.get('[data-testid="certificate-upload"]').trigger('click');
    await settle();
    // The Painel's certificate card reads the account store: it is refreshed at once, not in 5 minutes.
    expect(storeReads()).toBe(readsBefore + 1);
    expect(transport.calls.find((call) => call.channel === 'certificate:upload')?.input).toEqual({
      handle: 'h-1',
      password: PASSWORD,
      cpfCnpj: CNPJ,
    });
    expect(wrapper.get('[data-testid="certificate-uploaded"]').text()).toContain('Certificado enviado');
    expect(wrapper.find('#certificate-password').exists()).toBe(false);
    expect(document.body.innerHTML).not.toContain(PASSWORD);
  });

  it('shows an upload refusal about the file next to the file, with the file kept', async () => {
    const transport = base((t) => {
      t.handlers['certificate:load'] = () => ({
        ok: true,
        data: { handle: 'h-2', fileName: 'empresa.pfx', size: 4 },
      });
      t.handlers['certificate:inspect'] = () => ({ ok: true, data: { ...info, daysLeft: 200 } });
      t.handlers['certificate:upload'] = () => ({
        ok: false,
        error: {
          code: 'certificate_other_cnpj',
          message: 'Este certificado é do CNPJ/CPF 123, não da empresa.',
        },
      });
    });
    const { wrapper } = await openCertificate(transport);
    await chooseFile(wrapper);
    await wrapper.get('#certificate-password').setValue(PASSWORD);
    await wrapper.get('.certificate__password').trigger('submit');
    await settle();
    expect(wrapper.find('[data-testid="certificate-expiring"]').exists()).toBe(false);
    await wrapper.get('[data-testid="certificate-upload"]').trigger('click');
    await settle();
    expect(wrapper.get('[data-testid="error-certificate.file"]').text()).toContain('não da empresa');
    expect(wrapper.get('[data-testid="certificate-file-name"]').text()).toContain('empresa.pfx');
  });

  it('uses the native dialog in Electron', async () => {
    const transport = base((t) => {
      t.handlers['certificate:pick'] = () => ({
        ok: true,
        data: { handle: 'h-3', fileName: 'nativo.pfx', size: 10 },
      });
    });
    const { wrapper } = await openCertificate(transport, 'electron');
    expect(wrapper.find('[data-testid="certificate-file"]').exists()).toBe(false);
    await wrapper.get('[data-testid="certificate-pick"]').trigger('click');
    await settle();
    expect(wrapper.get('[data-testid="certificate-file-name"]').text()).toContain('nativo.pfx');
  });
});
