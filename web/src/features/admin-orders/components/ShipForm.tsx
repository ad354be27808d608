import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { shipOrderSchema, type ShipOrder } from '@contract/shop-admin';
import { ServerError } from '../../../components/ServerError';
import { TextField } from '../../../components/TextField';
import { useServerErrors } from '../../../lib/server-errors';
import { zodResolver } from '../../../lib/zod-resolver';

/** Ship: the carrier and its tracking number, checked by the same schema the server checks them with. */
export function ShipForm({
  pending,
  onShip,
}: {
  pending: boolean;
  /** Sends the shipment; a refusal comes back through `refused`, to show on its fields. */
  onShip: (shipment: ShipOrder, refused: (error: unknown) => void) => void;
}) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ShipOrder>({
    resolver: zodResolver(shipOrderSchema),
    defaultValues: { carrier: '', trackingNumber: '' },
  });
  const refusal = useServerErrors(setError, ['carrier', 'trackingNumber']);

  const submit = handleSubmit((shipment) => {
    refusal.clear();
    onShip(shipment, refusal.show);
  });

  return (
    <Form noValidate onSubmit={(event) => void submit(event)} aria-labelledby="ship-order" className="mb-4">
      <h4 id="ship-order" className="h6">
        Ship order
      </h4>
      <TextField id="ship-carrier" label="Carrier" error={errors.carrier} registration={register('carrier')} />
      <TextField
        id="ship-tracking-number"
        label="Tracking number"
        error={errors.trackingNumber}
        registration={register('trackingNumber')}
      />
      <Button type="submit" variant="dark" disabled={pending}>
        Ship
      </Button>
      <ServerError message={refusal.message} />
    </Form>
  );
}
