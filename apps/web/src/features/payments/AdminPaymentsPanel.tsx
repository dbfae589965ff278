import { type AdminPayments, PROMOTION_PRICES } from '@marketplace/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useSnackbar } from '../../components/SnackbarProvider.tsx';
import { errorDetailOr } from '../../lib/api.ts';
import { useAdminOrderAction, useAdminPayments } from './api.ts';
import { germanDate, InvoiceButtons } from './PaymentsPage.tsx';
import { euroText } from './PromoteDialog.tsx';
import { paymentTexts as t } from './texts.ts';

type AdminOrder = AdminPayments['open_transfers'][number];

function OrderRow({ order, pending }: { order: AdminOrder; pending: boolean }) {
  const action = useAdminOrderAction();
  const { showMessage } = useSnackbar();
  const run = (kind: 'paid' | 'cancel') => {
    if (kind === 'cancel' && !window.confirm(t.confirmCancel(order.reference))) return;
    action.mutate(
      { id: order.id, action: kind },
      {
        onSuccess: () => showMessage(kind === 'paid' ? t.markedPaid : t.cancelled, 'success'),
        onError: (error) => showMessage(errorDetailOr(error, t.actionFailed), 'error'),
      },
    );
  };
  return (
    <Stack component="li" spacing={0.75} sx={{ borderTop: 1, borderColor: 'divider', pt: 1.5 }}>
      <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {order.reference} · {order.option_name} · {euroText(order.gross)}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {order.buyer} · „{order.listing_title}“ ·{' '}
        {order.paid_at ? t.paidOn(germanDate(order.paid_at)) : t.orderedOn(germanDate(order.created_at))}
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {pending && (
          <Button size="small" variant="contained" disabled={action.isPending} onClick={() => run('paid')}>
            {t.markPaid}
          </Button>
        )}
        <Button size="small" color="error" disabled={action.isPending} onClick={() => run('cancel')}>
          {t.cancelOrder}
        </Button>
      </Stack>
      <InvoiceButtons order={order} />
    </Stack>
  );
}

/**
 * The ADMINs' payments on /admin (decision 0040): revenue per month and option, the open
 * transfers to record as received ('Zahlung erhalten' activates the order), and the latest paid
 * orders to cancel (their invoice gets a credit note).
 */
export function AdminPaymentsPanel() {
  const payments = useAdminPayments();
  return (
    <Card variant="outlined" component="section" aria-labelledby="admin-payments">
      <CardContent>
        <Typography id="admin-payments" variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
          {t.adminTitle}
        </Typography>
        {payments.error && <Alert severity="error">{errorDetailOr(payments.error, t.loadFailed)}</Alert>}
        {payments.data && (
          <Stack spacing={2}>
            <div>
              <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                {t.revenueTitle}
              </Typography>
              {payments.data.revenue.length === 0 ? (
                <Typography color="text.secondary">{t.noRevenue}</Typography>
              ) : (
                <Table size="small" sx={{ maxWidth: 560 }}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{t.month}</TableCell>
                      <TableCell>{t.option}</TableCell>
                      <TableCell align="right">{t.orders}</TableCell>
                      <TableCell align="right">{t.net}</TableCell>
                      <TableCell align="right">{t.gross}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {payments.data.revenue.map((row) => (
                      <TableRow key={`${row.month}-${row.option}`}>
                        <TableCell>{row.month}</TableCell>
                        <TableCell>{PROMOTION_PRICES[row.option].name}</TableCell>
                        <TableCell align="right">{row.orders}</TableCell>
                        <TableCell align="right">{euroText(row.net)}</TableCell>
                        <TableCell align="right">{euroText(row.gross)}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              )}
            </div>
            <div>
              <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                {t.openTitle} ({payments.data.open_transfers.length})
              </Typography>
              {payments.data.open_transfers.length === 0 ? (
                <Typography color="text.secondary">{t.noOpen}</Typography>
              ) : (
                <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
                  {payments.data.open_transfers.map((order) => (
                    <OrderRow key={order.id} order={order} pending />
                  ))}
                </Stack>
              )}
            </div>
            {payments.data.recent_paid.length > 0 && (
              <div>
                <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                  {t.paidTitle}
                </Typography>
                <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
                  {payments.data.recent_paid.map((order) => (
                    <OrderRow key={order.id} order={order} pending={false} />
                  ))}
                </Stack>
              </div>
            )}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
