package cloud

var _ Service = (*Cloud)(nil)
