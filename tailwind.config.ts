import type { Config } from 'tailwindcss';

// The design's theme: brand colours, fonts and radii. Tailwind 4 loads it from app/globals.css
// (`@config`); content is found by Tailwind's automatic source detection, so none is listed here.
export default {
  theme: {
    extend: {
      colors: {
        brand: {
          50: 'oklch(0.97 0.02 275)',
          100: 'oklch(0.94 0.04 275)',
          200: 'oklch(0.88 0.07 275)',
          300: 'oklch(0.8 0.11 275)',
          400: 'oklch(0.7 0.16 275)',
          500: 'oklch(0.6 0.2 275)',
          600: 'oklch(0.52 0.22 275)',
          700: 'oklch(0.46 0.2 275)',
          800: 'oklch(0.38 0.16 275)',
          900: 'oklch(0.3 0.12 275)',
        },
      },
      fontFamily: {
        sans: [
          'ui-sans-serif',
          'system-ui',
          'sans-serif',
          '"Apple Color Emoji"',
          '"Segoe UI Emoji"',
          '"Segoe UI Symbol"',
          '"Noto Color Emoji"',
        ],
        mono: [
          'ui-monospace',
          'SFMono-Regular',
          'Menlo',
          'Monaco',
          'Consolas',
          '"Liberation Mono"',
          '"Courier New"',
          'monospace',
        ],
      },
      borderRadius: {
        // Cards and panels (rounded-2xl), controls (rounded-md).
        '2xl': '1rem',
        md: '0.375rem',
      },
    },
  },
} satisfies Config;
