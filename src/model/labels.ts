// Labels as values: who may edit one; no network. (Their colours are in styles/labelColors.ts.)

/** Only the creator may edit or delete a label. */
export function canEditLabel(label: { createdBy?: { id: number } }, userId: number | null | undefined): boolean {
  return !!userId && label.createdBy?.id === userId;
}
