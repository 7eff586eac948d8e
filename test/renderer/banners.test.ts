import { afterEach, describe, expect, it, vi } from 'vitest';

import App from '../../renderer/src/App.vue';
import { setTransport } from '../../renderer/src/bridge';
import { REFRESH_MS } from '../../renderer/src/stores/account';
import { useAppStore } from '../../renderer/src/stores/app';
import type { FakeTransport } from './support/fake-transport';
import { createFakeTransport, settingsWith } from './support/fake-transport';
import { mountWith, settle, waitFor } from './support/mount';

const ALFA = '12345678000195';
const BETA = '12ABC34501DE35';
const DAY = 86_400_000;

afterEach(() => {
  vi.useRealTimers();
  setTransport(null);
  document.body.innerHTML = '';
});

function company(cpfCnpj: string, nome: string) {
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
      uf: 'SP',
      cep: '01310100',
    },
  };
}

function certificate(cpfCnpj: string, daysLeft: number) {
  const notAfter = new Date(Date.now() + daysLeft * DAY + DAY / 2).toISOString();
  return {
    cpfCnpj,
    nomeRazaoSocial: 'TRANSPORTES ALFA LTDA',
    subject: 'CN=TRANSPORTES ALFA LTDA',
    issuer: 'CN=AC Teste',
    serialNumber: '01',
    thumbprint: `thumb-${cpfCnpj}`,
    notBefore: '2025-01-01T00:00:00.000Z',
    notAfter,
    daysLeft,
  };
}

function status(kind: string, codigoStatus: number, motivoStatus: string) {
  return {
    kind,
    autorizador: 'SVRS',
    codigoStatus,
    motivoStatus,
    tempoMedioResposta: 1,
    consultadoEm: '2026-03-05T13:00:00.000Z',
    degraded: codigoStatus !== 107,
  };
}

function accountTransport(options: { daysLeft?: number; degraded?: Record<string, [number, string]> } = {}) {
  const transport = createFakeTransport({ settings: settingsWith({ selectedCompany: ALFA }) });
  transport.handlers['companies:list'] = () => ({
    ok: true,
    data: { companies: [company(ALFA, 'Transportes Alfa Ltda'), company(BETA, 'Beta Logística S.A.')] },
  });
  transport.handlers['certificates:list'] = () => ({
    ok: true,
    data: { certificates: options.daysLeft === undefined ? [] : [certificate(ALFA, options.daysLeft)] },
  });
  transport.handlers['sefaz:status'] = (input) => {
    const { kind } = input as { kind: string };
    const [code, reason] = options.degraded?.[kind] ?? [107, 'Serviço em Operação'];
    return { ok: true, data: status(kind, code, reason) };
  };
  return transport;
}

function callsOf(transport: FakeTransport, channel: string) {
  return transport.calls.filter((call) => call.channel === channel);
}

describe('certificate banner', () => {
  it.each([
    [31, null],
    [30, 'info'],
    [16, 'info'],
    [15, 'warn'],
    [8, 'warn'],
    [7, 'error'],
    [0, 'error'],
    [-1, 'error'],
  ] as const)('with %i days left shows severity %s', async (daysLeft, severity) => {
    const transport = accountTransport({ daysLeft });
    const { wrapper } = await mountWith(App, transport);
    await settle();
    expect(callsOf(transport, 'certificates:list')[0]?.input).toEqual({ includeExpired: true });
    const banner = wrapper.find('[data-testid="banner-certificate"]');
    if (severity === null) {
      expect(banner.exists()).toBe(false);
      return;
    }
    expect(banner.attributes('data-severity')).toBe(severity);
    const text = banner.text();
    expect(text).toContain('Transportes Alfa Ltda');
    if (daysLeft < 0) expect(text).toContain('venceu em');
    else if (daysLeft === 0) expect(text).toContain('vence hoje');
    else expect(text).toContain(`vence em ${daysLeft} dias`);
    const link = banner.get('a');
    expect(link.text()).toBe('Enviar novo certificado em Empresas');
    expect(link.attributes('href')).toContain('/empresas');
  });

  it('ignores the certificates of other companies', async () => {
    const transport = accountTransport();
    transport.handlers['certificates:list'] = () => ({
      ok: true,
      data: { certificates: [certificate(BETA, 3)] },
    });
    const { wrapper } = await mountWith(App, transport);
    await settle();
    expect(wrapper.find('[data-testid="banner-certificate"]').exists()).toBe(false);
  });

  it('stays quiet when the check fails (offline)', async () => {
    const transport = accountTransport({ daysLeft: 3 });
    transport.handlers['certificates:list'] = () => ({
      ok: false,
      error: { code: 'offline', message: 'Sem conexão com a Nuvem Fiscal.' },
    });
    const { wrapper } = await mountWith(App, transport);
    await settle();
    expect(wrapper.find('[data-testid="banner-certificate"]').exists()).toBe(false);
    expect(document.body.querySelectorAll('[data-testid="toast"]')).toHaveLength(0);
  });

  it('shows the same certificate on the Painel card', async () => {
    const transport = accountTransport({ daysLeft: 12 });
    const { wrapper } = await mountWith(App, transport, { route: '/painel' });
    const days = await waitFor(() => wrapper.get('[data-testid="certificate-card-days"]'));
    expect(days.text()).toBe('12 dias restantes');
    // One request serves the banner and the card.
    expect(callsOf(transport, 'certificates:list')).toHaveLength(1);
  });
});

describe('authorizer banner', () => {
  it('names the degraded service and its reason', async () => {
    const transport = accountTransport({
      degraded: { cte: [108, 'Serviço Paralisado Momentaneamente (curto prazo)'] },
    });
    const { wrapper } = await mountWith(App, transport);
    await settle();
    const inputs = callsOf(transport, 'sefaz:status').map((call) => call.input);
    expect(inputs).toEqual([
      { kind: 'cte', cpfCnpj: ALFA },
      { kind: 'cteos', cpfCnpj: ALFA },
      { kind: 'dce', cpfCnpj: ALFA },
      { kind: 'mdfe', cpfCnpj: ALFA },
    ]);
    const banner = wrapper.get('[data-testid="banner-sefaz-cte"]');
    expect(banner.text()).toContain(
      'Os CT-e podem demorar: Serviço Paralisado Momentaneamente (curto prazo) (código 108).',
    );
    expect(banner.attributes('data-severity')).toBe('warn');
    expect(wrapper.find('[data-testid="banner-sefaz-cteos"]').exists()).toBe(false);
    expect(wrapper.find('[data-testid="banner-sefaz-dce"]').exists()).toBe(false);
  });

  it('uses the DC-e wording and shows no banner while every service answers 107', async () => {
    const transport = accountTransport({ degraded: { dce: [109, 'Serviço Paralisado sem Previsão'] } });
    const { wrapper } = await mountWith(App, transport);
    await settle();
    expect(wrapper.get('[data-testid="banner-sefaz-dce"]').text()).toContain(
      'As DC-e podem demorar: Serviço Paralisado sem Previsão (código 109).',
    );

    const calm = accountTransport();
    const second = await mountWith(App, calm);
    await settle();
    expect(second.wrapper.find('[data-testid^="banner-sefaz-"]').exists()).toBe(false);
  });

  it('asks sefaz:status at most once per 5 minutes per company', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const transport = accountTransport();
    await mountWith(App, transport);
    await settle();
    const count = () => callsOf(transport, 'sefaz:status').length;
    expect(count()).toBe(4);

    vi.advanceTimersByTime(REFRESH_MS - 1000);
    await settle();
    expect(count()).toBe(4);

    // Another company is checked at once; coming back within 5 minutes asks nothing.
    const app = useAppStore();
    await app.updateSettings({ selectedCompany: BETA });
    await settle();
    expect(count()).toBe(8);
    expect(callsOf(transport, 'sefaz:status').at(-1)?.input).toMatchObject({ cpfCnpj: BETA });
    await app.updateSettings({ selectedCompany: ALFA });
    await settle();
    expect(count()).toBe(8);

    vi.advanceTimersByTime(1000);
    await settle();
    expect(count()).toBe(12);
    expect(callsOf(transport, 'sefaz:status').at(-1)?.input).toMatchObject({ cpfCnpj: ALFA });
  });
});
