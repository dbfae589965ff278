import type { PriceType } from '@marketplace/contract';
import type { SxProps, Theme } from '@mui/material/styles';
import Typography, { type TypographyProps } from '@mui/material/Typography';
import { formatPrice } from '../lib/price.ts';

/** The price of an ad in German notation: '1.234 €', '1.234 € VB' or 'Zu verschenken'. */
export function Price({
  price,
  priceType,
  variant = 'body1',
  component = 'p',
  sx,
}: {
  price: number;
  priceType: PriceType;
  variant?: TypographyProps['variant'];
  component?: 'p' | 'span' | 'div';
  sx?: SxProps<Theme>;
}) {
  return (
    <Typography
      variant={variant}
      component={component}
      sx={[{ fontWeight: 700, color: 'primary.dark' }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      {formatPrice(price, priceType)}
    </Typography>
  );
}
