-- Several files joined into one PDF (POST /api/v1/merge) is a conversion of its own tool.
ALTER TYPE "ConversionOperation" ADD VALUE 'merge';
