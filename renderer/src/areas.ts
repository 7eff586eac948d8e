// The app's areas as the sidebar shows them. The route of each area is declared in router.ts (its
// view is lazy-loaded there); `name` is both the route name and the `nav-<name>` test hook.

export type AreaName =
  | 'painel'
  | 'documentos'
  | 'emitir-cte'
  | 'emitir-cte-simp'
  | 'emitir-cteos'
  | 'emitir-dce'
  | 'emitir-mdfe'
  | 'mdfe-abertos'
  | 'caixa-entrada'
  | 'empresas'
  | 'parceiros'
  | 'consultas'
  | 'conta'
  | 'configuracoes';

export interface Area {
  name: AreaName;
  path: string;
  title: string;
  icon: string;
  /** One sentence: what the user does here. */
  description: string;
}

export interface AreaGroup {
  label: string;
  areas: Area[];
}

export const areaGroups: AreaGroup[] = [
  {
    label: 'Visão geral',
    areas: [
      {
        name: 'painel',
        path: '/painel',
        title: 'Painel',
        icon: 'pi pi-home',
        description: 'O resumo do mês, os primeiros passos e o estado da conexão.',
      },
      {
        name: 'documentos',
        path: '/documentos',
        title: 'Documentos',
        icon: 'pi pi-folder-open',
        description:
          'Consulte, filtre, imprima e exporte os CT-e, CT-e OS, DC-e e MDF-e emitidos, mesmo sem conexão.',
      },
    ],
  },
  {
    label: 'Emissão',
    areas: [
      {
        name: 'emitir-cte',
        path: '/emitir-cte',
        title: 'Emitir CT-e',
        icon: 'pi pi-truck',
        description:
          'Preencha e transmita o Conhecimento de Transporte Eletrônico (modelo 57) e imprima o DACTE.',
      },
      {
        name: 'emitir-cte-simp',
        path: '/emitir-cte-simp',
        title: 'Emitir CT-e simplificado',
        icon: 'pi pi-sitemap',
        description: 'Emita um só CT-e para várias entregas do mesmo tomador, a partir dos XML das NF-e.',
      },
      {
        name: 'emitir-cteos',
        path: '/emitir-cteos',
        title: 'Emitir CT-e OS',
        icon: 'pi pi-briefcase',
        description:
          'Emita o CT-e Outros Serviços (modelo 67), usado no transporte de pessoas, valores e bagagens.',
      },
      {
        name: 'emitir-dce',
        path: '/emitir-dce',
        title: 'Emitir DC-e',
        icon: 'pi pi-box',
        description:
          'Emita a Declaração de Conteúdo Eletrônica para mercadorias transportadas sem nota fiscal.',
      },
      {
        name: 'emitir-mdfe',
        path: '/emitir-mdfe',
        title: 'Emitir MDF-e',
        icon: 'pi pi-map',
        description:
          'O manifesto da viagem: junte os CT-e (ou as NF-e de carga própria) do caminhão, confira o percurso, o veículo, os motoristas e o seguro, e emita um MDF-e por UF de descarregamento.',
      },
      {
        name: 'mdfe-abertos',
        path: '/mdfe-abertos',
        title: 'MDF-e em aberto',
        icon: 'pi pi-flag',
        description:
          'Os manifestos ainda não encerrados da empresa: encerre cada um ao fim da viagem, antes do próximo do mesmo caminhão.',
      },
    ],
  },
  {
    label: 'Recebimento',
    areas: [
      {
        name: 'caixa-entrada',
        path: '/caixa-entrada',
        title: 'Caixa de entrada NF-e',
        icon: 'pi pi-inbox',
        description: 'Receba as NF-e emitidas para a empresa e registre a manifestação do destinatário.',
      },
    ],
  },
  {
    label: 'Cadastros e consultas',
    areas: [
      {
        name: 'empresas',
        path: '/empresas',
        title: 'Empresas',
        icon: 'pi pi-building',
        description: 'Cadastre as empresas emitentes, com certificado digital e logotipo.',
      },
      {
        name: 'parceiros',
        path: '/parceiros',
        title: 'Parceiros',
        icon: 'pi pi-users',
        description:
          'Remetentes, destinatários e tomadores já usados: procure, corrija ou cadastre para preencher o CT-e mais rápido.',
      },
      {
        name: 'consultas',
        path: '/consultas',
        title: 'Consultas',
        icon: 'pi pi-search',
        description: 'Consulte CEP, CNPJ e a listagem de empresas por CNAE, município e natureza jurídica.',
      },
    ],
  },
  {
    label: 'Sistema',
    areas: [
      {
        name: 'conta',
        path: '/conta',
        title: 'Conta',
        icon: 'pi pi-id-card',
        description: 'Acompanhe a conta na Nuvem Fiscal, o consumo das cotas e os e-mails enviados pela API.',
      },
      {
        name: 'configuracoes',
        path: '/configuracoes',
        title: 'Configurações',
        icon: 'pi pi-cog',
        description: 'Ambiente de emissão, credenciais da API, e-mail de envio e cópias de segurança.',
      },
    ],
  },
];

export const areas: Area[] = areaGroups.flatMap((group) => group.areas);

export function area(name: AreaName): Area {
  const found = areas.find((item) => item.name === name);
  if (!found) throw new Error(`unknown area ${name}`);
  return found;
}
