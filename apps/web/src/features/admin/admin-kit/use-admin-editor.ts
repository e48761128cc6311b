import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { formFieldErrors } from '../../../lib/forms';
import { useActionErrorToast } from '../admin-screen';

/** The item open in the edit dialog: its id (none: a new one) and the form's first values. */
export type Editing<Values> = { id?: number; values: Values };

/**
 * What an administrators' list/edit/delete screen keeps: the item in the edit dialog, the item
 * waiting for "are you sure?", and the save and delete calls. After either, a toast says so and
 * the list (`queryKey`) is fetched again. A refused save whose answer names fields of the form
 * (`serverFields`) leaves its messages to the form (`failure`, see useSchemaForm); any other
 * failure is a toast.
 */
export function useAdminEditor<Row extends { id: number }, Values, Payload = Values>({
  queryKey,
  save,
  remove,
  savedText,
  deletedText,
  serverFields,
}: {
  queryKey: QueryKey;
  save: (payload: Payload, id: number | undefined) => Promise<unknown>;
  remove: (id: number) => Promise<unknown>;
  savedText: string;
  deletedText: string;
  /** The fields the server may name that the form shows (as given to useSchemaForm). */
  serverFields: Readonly<Record<string, string>>;
}) {
  const queryClient = useQueryClient();
  const actionError = useActionErrorToast();
  const [editing, setEditing] = useState<Editing<Values>>();
  const [deleting, setDeleting] = useState<Row>();
  const refresh = () => queryClient.invalidateQueries({ queryKey });

  const saving = useMutation({
    mutationFn: ({ payload, id }: { payload: Payload; id: number | undefined }) => save(payload, id),
    onSuccess: async () => {
      toast.success(savedText);
      setEditing(undefined);
      await refresh();
    },
    onError: (error) => {
      if (Object.keys(formFieldErrors(error, serverFields)).length === 0) actionError(error);
    },
  });
  const removing = useMutation({
    mutationFn: remove,
    onSuccess: async () => {
      toast.success(deletedText);
      setDeleting(undefined);
      await refresh();
    },
    onError: actionError,
  });

  const open = (next: Editing<Values> | undefined) => {
    // A new dialog starts without the last one's refusal.
    saving.reset();
    setEditing(next);
  };
  return {
    editing,
    add: (values: Values) => open({ values }),
    edit: (id: number, values: Values) => open({ id, values }),
    close: () => open(undefined),
    save: (payload: Payload) => saving.mutate({ payload, id: editing?.id }),
    saving: saving.isPending,
    failure: saving.error,
    deleting,
    askDelete: setDeleting,
    cancelDelete: () => setDeleting(undefined),
    confirmDelete: () => deleting && removing.mutate(deleting.id),
    removing: removing.isPending,
  };
}

export type AdminEditor<Row extends { id: number }, Values, Payload = Values> = ReturnType<
  typeof useAdminEditor<Row, Values, Payload>
>;
