"""Tournament workbooks (openpyxl): layout shared by writer and reader,
worksheet-formula twins of the systems, the writer and the reader."""
