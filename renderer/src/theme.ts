// Aura with a calm dark-blue primary: sober, like desktop fiscal software. Light scheme only: the
// dark-mode selector names a class the app never sets, so an OS in dark mode does not flip half the UI.
import { definePreset } from '@primeuix/themes';
import Aura from '@primeuix/themes/aura';

const CarretaPreset = definePreset(Aura, {
  components: {
    // Room for a host name and a reason on one line each (connectivity indicator).
    tooltip: { root: { maxWidth: '26rem' } },
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
