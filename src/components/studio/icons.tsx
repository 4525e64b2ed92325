/** Inline icons of the studio (stroke icons on the ui Icon: 24 px grid, currentColor). */
import { defineIcon } from '@/src/components/ui/Icon';

export const CheckIcon = defineIcon(<path d="M20 6 9 17l-5-5" />);
export const PlusIcon = defineIcon(<path d="M12 5v14M5 12h14" />);
export const CloseIcon = defineIcon(<path d="M18 6 6 18M6 6l12 12" />);
export const ChevronIcon = defineIcon(<path d="m6 9 6 6 6-6" />);
export const DotsIcon = defineIcon(
  <>
    <circle cx="5" cy="12" r="1" />
    <circle cx="12" cy="12" r="1" />
    <circle cx="19" cy="12" r="1" />
  </>,
);
export const UploadIcon = defineIcon(<path d="M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4M17 8l-5-5-5 5M12 3v12" />);
export const FileIcon = defineIcon(
  <>
    <path d="M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8z" />
    <path d="M14 2v6h6" />
  </>,
);
export const SearchIcon = defineIcon(
  <>
    <circle cx="11" cy="11" r="7" />
    <path d="m21 21-4.3-4.3" />
  </>,
);
export const EyeIcon = defineIcon(
  <>
    <path d="M1 12s4-8 11-8 11 8 11 8-4 8-11 8S1 12 1 12z" />
    <circle cx="12" cy="12" r="3" />
  </>,
);
export const EditIcon = defineIcon(<path d="M12 20h9M16.5 3.5a2.1 2.1 0 1 1 3 3L7 19l-4 1 1-4z" />);
export const TrashIcon = defineIcon(<path d="M3 6h18M8 6V4h8v2M19 6l-1 14a2 2 0 0 1-2 2H8a2 2 0 0 1-2-2L5 6" />);
export const AlertIcon = defineIcon(
  <>
    <circle cx="12" cy="12" r="10" />
    <path d="M12 8v4M12 16h.01" />
  </>,
);
export const SparkIcon = defineIcon(<path d="M12 3l1.9 5.1L19 10l-5.1 1.9L12 17l-1.9-5.1L5 10l5.1-1.9z" />);
