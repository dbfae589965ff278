import type { Order } from '@marketplace/contract';
import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { LoadingFallback } from '../../components/LoadingFallback.tsx';
import { PageContainer } from '../../components/PageContainer.tsx';
import { useSnackbar } from '../../components/SnackbarProvider.tsx';
import { de } from '../../i18n/de.ts';
import { errorDetailOr } from '../../lib/api.ts';
import { downloadInvoice, useMyPayments, usePaymentOptions } from './api.ts';
import { euroText } from './PromoteDialog.tsx';
import { paymentTexts as t } from './texts.ts';

const STATUS_COLORS = {
  pending: 'warning',
  paid: 'success',
  cancelled: 'default',
  lapsed: 'default',
} as const;

/** A date as German day: 28.11.2026. */
export function germanDate(iso: string): string {
  return new Date(iso).toLocaleDateString('de-DE', { day: '2-digit', month: '2-digit', year: 'numeric' });
}

/** The invoice and credit note buttons of an order: each downloads its PDF. */
export function InvoiceButtons({ order }: { order: Order }) {
  const { showMessage } = useSnackbar();
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {order.invoices.map((doc) => (
        <Button
          key={doc.id}
          size="small"
          variant="outlined"
          startIcon={<DownloadIcon />}
          onClick={() =>
            downloadInvoice(doc.id, doc.number).catch((error) =>
              showMessage(errorDetailOr(error, t.downloadFailed), 'error'),
            )
          }
        >
          {doc.kind === 'invoice' ? t.invoice(doc.number) : t.creditNote(doc.number)}
        </Button>
      ))}
    </Stack>
  );
}

/** What to transfer for an unpaid order, with the GiroCode for banking apps. */
function TransferDetails({ transfer }: { transfer: NonNullable<Order['transfer']> }) {
  const rows: [string, string][] = [
    [t.recipient, transfer.recipient],
    [t.iban, transfer.iban.replace(/(.{4})/g, '$1 ').trim()],
    ...(transfer.bic ? ([[t.bic, transfer.bic]] as [string, string][]) : []),
    [t.amount, euroText(transfer.amount)],
    [t.reference, transfer.reference],
  ];
  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: { xs: 'column', sm: 'row' },
        gap: 2,
        p: 1.5,
        borderRadius: 1,
        bgcolor: 'grey.50',
        border: 1,
        borderColor: 'divider',
      }}
    >
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography variant="subtitle2" component="h3">
          {t.transferTitle}
        </Typography>
        <Box
          component="dl"
          sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.25 }}
        >
          {rows.map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {label}
              </Typography>
              <Typography
                component="dd"
                variant="body2"
                sx={{ m: 0, overflowWrap: 'anywhere', fontWeight: 500 }}
              >
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t.dueAt(germanDate(transfer.due_at))}
        </Typography>
      </Box>
      <Box
        component="img"
        src={transfer.girocode}
        alt={t.girocodeAlt}
        sx={{ width: 160, height: 160, alignSelf: 'center' }}
      />
    </Box>
  );
}

function OrderItem({ order }: { order: Order }) {
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography component="h3" sx={{ fontWeight: 600 }}>
          {order.option_name}
        </Typography>
        <Chip size="small" label={t.status[order.status]} color={STATUS_COLORS[order.status]} />
        <Typography sx={{ ml: 'auto', fontWeight: 600 }}>{euroText(order.gross)}</Typography>
      </Stack>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {order.listing_id ? (
          <RouterLink to={`/listing/${order.listing_id}`}>{order.listing_title}</RouterLink>
        ) : (
          order.listing_title
        )}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t.orderedOn(germanDate(order.created_at))} · {t.orderNumber(order.reference)}
        {order.promotion_ends_at &&
          order.status === 'paid' &&
          ` · ${t.endsAt(germanDate(order.promotion_ends_at))}`}
      </Typography>
      {order.transfer && <TransferDetails transfer={order.transfer} />}
      <InvoiceButtons order={order} />
    </Paper>
  );
}

/**
 * /payments (SPEC.md §2, login required; side menu 'Zahlungen'): my running Top-Anzeigen and
 * Highlights with their end dates, and my orders with their state, the transfer details and
 * GiroCode while unpaid, and their invoices and credit notes to download (decision 0040). When
 * the operator has not configured the data an invoice needs, the page says so.
 */
export function PaymentsPage() {
  const payments = useMyPayments();
  const options = usePaymentOptions();
  // Stripe Checkout returns here with the order's reference after a payment.
  const [params] = useSearchParams();
  const returned = params.get('bezahlt');
  if (payments.isPending) return <LoadingFallback />;
  return (
    <PageContainer title={de.pages.payments}>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t.intro}
      </Typography>
      {returned && (
        <Alert severity="success" sx={{ mb: 2 }}>
          {t.stripeReturned(returned)}
        </Alert>
      )}
      {options.data?.unavailable_reason && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {options.data.unavailable_reason}
        </Alert>
      )}
      {payments.error && <Alert severity="error">{errorDetailOr(payments.error, t.loadFailed)}</Alert>}
      {payments.data && (
        <Stack spacing={3}>
          <section aria-labelledby="payments-active">
            <Typography id="payments-active" variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
              {t.activeTitle}
            </Typography>
            {payments.data.active_promotions.length === 0 ? (
              <Typography color="text.secondary">{t.noActive}</Typography>
            ) : (
              <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
                {payments.data.active_promotions.map((promotion) => (
                  <Paper
                    component="li"
                    variant="outlined"
                    key={`${promotion.listing_id}-${promotion.option}-${promotion.ends_at}`}
                    sx={{ p: 1.5, display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}
                  >
                    <Chip size="small" color="primary" label={promotion.option_name} />
                    <RouterLink to={`/listing/${promotion.listing_id}`}>{promotion.listing_title}</RouterLink>
                    <Typography variant="body2" color="text.secondary" sx={{ ml: 'auto' }}>
                      {t.endsAt(germanDate(promotion.ends_at))}
                    </Typography>
                  </Paper>
                ))}
              </Stack>
            )}
          </section>
          <section aria-labelledby="payments-orders">
            <Typography id="payments-orders" variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
              {t.ordersTitle}
            </Typography>
            {payments.data.orders.length === 0 ? (
              <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
                <Typography color="text.secondary">{t.noOrders}</Typography>
                <Button component={RouterLink} to="/listings" variant="outlined">
                  {t.toMyListings}
                </Button>
              </Stack>
            ) : (
              <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
                {payments.data.orders.map((order) => (
                  <OrderItem key={order.id} order={order} />
                ))}
              </Stack>
            )}
          </section>
        </Stack>
      )}
    </PageContainer>
  );
}
