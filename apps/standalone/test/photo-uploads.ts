/** The photo upload API's answers as these specs read them: a presigned slot, and one upload's outcome. */

export interface UploadSlot {
  uploadId: string;
  url: string;
  headers: { name: string; value: string }[];
}

export interface UploadResult {
  uploadId: string;
  error: string | null;
  photo: { id: string } | null;
}
