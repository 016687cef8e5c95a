import { buttonStyles } from '@/components/ui/button-styles';

const compact = (style: string) => style.replace('h-11', 'h-9').replace('px-4', 'px-3');

/** The site's button styles at the compact height used inside dashboard cards. */
export const smallButton = {
  primary: compact(buttonStyles.primary),
  secondary: compact(buttonStyles.secondary),
  danger: compact(buttonStyles.danger),
} as const;
