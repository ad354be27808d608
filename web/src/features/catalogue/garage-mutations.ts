import { useMutation, useQueryClient } from '@tanstack/react-query';
import { addGarageBike, garageKey, removeGarageBike } from './garage-api';

/** Adding or removing a bike changes the garage, whether the server took it or not (a full garage). */
function useGarageMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: garageKey }) });
}

export const useAddGarageBike = () => useGarageMutation(addGarageBike);
export const useRemoveGarageBike = () => useGarageMutation(removeGarageBike);
