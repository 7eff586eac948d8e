// Aura with a calm dark-blue primary: sober, like desktop fiscal software. Light scheme only: the
// dark-mode selector names a class the app never sets, so an OS in dark mode does not flip half the UI.
import { definePreset } from '@primeuix/themes';
import Aura from '@primeuix/themes/aura';

const CarretaPreset = definePreset(Aura, {
  components: {
    // Room for a host name and a reason on one line each (connectivity indicator).
    tooltip: { root: { maxWidth: '26rem' } },
    // Message and tag texts one shade darker than Aura's: the yellow, green and red it draws on their
    // pale backgrounds stay under 4.5:1 (WCAG 2.1 1.4.3; axe measured 2.83:1 for the warnings).
    message: {
      colorScheme: {
        light: {
          info: { color: '{blue.700}', outlined: { color: '{blue.700}' }, simple: { color: '{blue.700}' } },
          success: {
            color: '{green.800}',
            outlined: { color: '{green.800}' },
            simple: { color: '{green.800}' },
          },
          warn: {
            color: '{yellow.800}',
            outlined: { color: '{yellow.800}' },
            simple: { color: '{yellow.800}' },
          },
          error: { color: '{red.700}', outlined: { color: '{red.700}' }, simple: { color: '{red.700}' } },
        },
      },
    },
    tag: {
      colorScheme: {
        light: {
          success: { color: '{green.800}' },
          warn: { color: '{orange.800}' },
        },
      },
    },
  },
  semantic: {
    primary: {
      50: '#f1f5fa',
      100: '#dfe8f3',
      200: '#c2d3e8',
      300: '#98b3d6',
      400: '#6a8dbf',
      500: '#4a6fa6',
      600: '#39588c',
      700: '#2f4772',
      800: '#293c5e',
      900: '#22324e',
      950: '#162034',
    },
    colorScheme: {
      light: {
        // Aura's slate with a darker 500: the muted texts, secondary text/outlined buttons and toggle
        // labels drawn in it reach 4.5:1 on the page and panel backgrounds (WCAG 2.1 1.4.3); Aura's
        // #64748b gave 4.35:1 on the page's #f3f5f8.
        surface: {
          0: '#ffffff',
          50: '#f8fafc',
          100: '#f1f5f9',
          200: '#e2e8f0',
          300: '#cbd5e1',
          400: '#94a3b8',
          500: '#58677d',
          600: '#475569',
          700: '#334155',
          800: '#1e293b',
          900: '#0f172a',
          950: '#020617',
        },
        primary: {
          color: '{primary.700}',
          contrastColor: '#ffffff',
          hoverColor: '{primary.800}',
          activeColor: '{primary.900}',
        },
        highlight: {
          background: '{primary.50}',
          focusBackground: '{primary.100}',
          color: '{primary.800}',
          focusColor: '{primary.900}',
        },
      },
    },
  },
});

export const theme = {
  preset: CarretaPreset,
  options: { darkModeSelector: '.carreta-dark' },
};
