import type { Environment } from '@shared/schemas/app';

export interface EnvironmentLabel {
  /** Uppercase text of the top-bar badge. */
  badge: string;
  label: string;
  description: string;
}

export const environmentLabels: Record<Environment, EnvironmentLabel> = {
  demonstracao: {
    badge: 'DEMONSTRAÇÃO',
    label: 'Demonstração',
    description:
      'Sandbox local embutido no aplicativo. Nada é enviado à SEFAZ; serve para conhecer o sistema.',
  },
  sandbox: {
    badge: 'HOMOLOGAÇÃO',
    label: 'Sandbox (homologação)',
    description: 'Ambiente de testes da Nuvem Fiscal. Os documentos emitidos não têm valor fiscal.',
  },
  producao: {
    badge: 'PRODUÇÃO',
    label: 'Produção',
    description: 'Documentos com valor fiscal, transmitidos à SEFAZ. Use somente com dados reais.',
  },
};

export const environmentOrder: Environment[] = ['demonstracao', 'sandbox', 'producao'];
