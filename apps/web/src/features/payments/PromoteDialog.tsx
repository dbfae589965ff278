import {
  type BillingAddress,
  orderCreateSchema,
  type PaymentMethod,
  type PromotionOption,
  paymentMethodSchema,
  promotionOptionSchema,
} from '@marketplace/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { FormTextField } from '../../components/FormTextField.tsx';
import { LoadingFallback } from '../../components/LoadingFallback.tsx';
import { useSnackbar } from '../../components/SnackbarProvider.tsx';
import { errorDetailOr } from '../../lib/api.ts';
import { bodyResolver } from '../../lib/bodyResolver.ts';
import { useCreateOrder, usePaymentOptions } from './api.ts';
import { paymentTexts as t } from './texts.ts';

interface FormValues {
  option: PromotionOption;
  method: PaymentMethod;
  billing: BillingAddress;
}

/** Gross cents as German euros: 999 → '9,99 €'. */
export function euroText(euros: number): string {
  return euros.toLocaleString('de-DE', { style: 'currency', currency: 'EUR' });
}

const resolver = bodyResolver<FormValues, unknown>(
  orderCreateSchema.omit({ listing_id: true }),
  (values) => values,
);

/** The promotion dialog of ad `listing`: option, billing address, payment method (decision 0040). */
export function PromoteDialog({
  listing,
  onClose,
}: {
  listing: { id: string; title: string };
  onClose: () => void;
}) {
  const titleId = useId();
  const options = usePaymentOptions();
  const create = useCreateOrder();
  const navigate = useNavigate();
  const { showMessage } = useSnackbar();
  const form = useForm<FormValues>({
    resolver: resolver as never,
    defaultValues: {
      option: 'top',
      method: 'invoice',
      billing: { name: '', street: '', postal_code: '', city: '' },
    },
  });
  const submit = form.handleSubmit((values) =>
    create.mutate(
      { listing_id: listing.id, option: values.option, method: values.method, billing: values.billing },
      {
        onSuccess: (order) => {
          // Stripe: on to its Checkout page; the order turns paid when Stripe reports the payment.
          if (order.checkout_url) {
            window.location.assign(order.checkout_url);
            return;
          }
          showMessage(t.ordered, 'success');
          onClose();
          navigate('/payments');
        },
        onError: (error) => showMessage(errorDetailOr(error, t.orderFailed), 'error'),
      },
    ),
  );
  const data = options.data;
  const method = form.watch('method');
  const unavailable = data?.unavailable_reason ?? null;
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t.dialogTitle}</DialogTitle>
      <form onSubmit={submit} noValidate>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: 0 }}>
          <Typography color="text.secondary">„{listing.title}“</Typography>
          {options.isPending && <LoadingFallback />}
          {options.error && <Alert severity="error">{errorDetailOr(options.error, t.orderFailed)}</Alert>}
          {unavailable && <Alert severity="info">{unavailable}</Alert>}
          {data && !unavailable && (
            <>
              <Controller
                control={form.control}
                name="option"
                render={({ field }) => (
                  <FormControl>
                    <FormLabel id={`${titleId}-option`}>{t.option}</FormLabel>
                    <RadioGroup
                      aria-labelledby={`${titleId}-option`}
                      value={field.value}
                      onChange={(event) => field.onChange(promotionOptionSchema.parse(event.target.value))}
                    >
                      {data.options.map((entry) => (
                        <FormControlLabel
                          key={entry.option}
                          value={entry.option}
                          control={<Radio />}
                          sx={{ alignItems: 'flex-start', mb: 1, '& .MuiRadio-root': { pt: 0.25 } }}
                          label={
                            <span>
                              <Typography component="span" sx={{ fontWeight: 600 }}>
                                {entry.name} – {euroText(entry.gross)}
                              </Typography>
                              <Typography
                                component="span"
                                variant="body2"
                                color="text.secondary"
                                sx={{ display: 'block' }}
                              >
                                {entry.description} {t.vatIncluded}
                              </Typography>
                            </span>
                          }
                        />
                      ))}
                    </RadioGroup>
                  </FormControl>
                )}
              />
              <FormLabel component="legend">{t.billing}</FormLabel>
              <FormTextField
                control={form.control}
                name="billing.name"
                label={t.name}
                autoComplete="name"
                required
              />
              <FormTextField
                control={form.control}
                name="billing.street"
                label={t.street}
                autoComplete="street-address"
                required
              />
              <Stack direction="row" spacing={2}>
                <FormTextField
                  control={form.control}
                  name="billing.postal_code"
                  label={t.postalCode}
                  autoComplete="postal-code"
                  inputMode="numeric"
                  required
                  sx={{ width: '9rem', flexShrink: 0 }}
                />
                <FormTextField
                  control={form.control}
                  name="billing.city"
                  label={t.city}
                  autoComplete="address-level2"
                  required
                  fullWidth
                />
              </Stack>
              <Controller
                control={form.control}
                name="method"
                render={({ field }) => (
                  <FormControl>
                    <FormLabel id={`${titleId}-method`}>{t.method}</FormLabel>
                    <RadioGroup
                      aria-labelledby={`${titleId}-method`}
                      value={field.value}
                      onChange={(event) => field.onChange(paymentMethodSchema.parse(event.target.value))}
                    >
                      {data.methods.map((entry) => (
                        <FormControlLabel
                          key={entry.method}
                          value={entry.method}
                          control={<Radio />}
                          label={entry.name}
                        />
                      ))}
                    </RadioGroup>
                  </FormControl>
                )}
              />
              <Typography variant="body2" color="text.secondary">
                {method === 'stripe' ? t.stripeHint : t.invoiceHint}
              </Typography>
            </>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t.cancel}</Button>
          <Button type="submit" variant="contained" disabled={!data || !!unavailable || create.isPending}>
            {t.order}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
