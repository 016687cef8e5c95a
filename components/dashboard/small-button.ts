import { buttonStyles } from '@/components/ui/button-styles';

// Compact for a mouse; the full 44 px where the pointer is a finger.
const compact = (style: string) => style.replace('h-11', 'h-9 pointer-coarse:h-11').replace('px-4', 'px-3');

/** The site's button styles at the compact height used inside dashboard cards (44 px on touch screens). */
export const smallButton = {
  primary: compact(buttonStyles.primary),
  secondary: compact(buttonStyles.secondary),
  danger: compact(buttonStyles.danger),
} as const;
