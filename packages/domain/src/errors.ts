/** Every error response of the API has this shape (DESIGN.md "Errors"). */
export type ApiError = {
  error: string;
  code: string;
  fields?: Record<string, string>;
  /** Login failures repeat the message here: the spec's client shows `detail`. */
  detail?: string;
};
