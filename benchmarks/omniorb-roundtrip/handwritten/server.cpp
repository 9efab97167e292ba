// server.cpp: a minimal hand-written omniORB RoundTrip server, the yardstick for the generated one.
// Usage: server IOR-FILE [ORB options]; runs until killed.
#include <cstdio>

#include "RoundTrip.hh"

class RoundTrip_i : public virtual POA_Test::RoundTrip {
public:
  Test::Timestamp test_method(Test::Timestamp send_time) override { return send_time; }
};

int main(int argc, char* argv[])
{
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s IOR-FILE [ORB options]\n", argv[0]);
    return 1;
  }
  try {
    CORBA::ORB_var orb = CORBA::ORB_init(argc, argv);
    CORBA::Object_var obj = orb->resolve_initial_references("RootPOA");
    PortableServer::POA_var poa = PortableServer::POA::_narrow(obj);
    PortableServer::Servant_var<RoundTrip_i> servant = new RoundTrip_i;
    PortableServer::ObjectId_var id = poa->activate_object(servant);
    CORBA::Object_var ref = poa->id_to_reference(id);
    CORBA::String_var ior = orb->object_to_string(ref);
    PortableServer::POAManager_var manager = poa->the_POAManager();
    manager->activate();
    std::FILE* f = std::fopen(argv[1], "w");
    if (f == 0 || std::fprintf(f, "%s\n", ior.in()) < 0 || std::fclose(f) != 0) {
      std::fprintf(stderr, "cannot write %s\n", argv[1]);
      return 1;
    }
    orb->run();
  } catch (const CORBA::Exception& e) {
    std::fprintf(stderr, "ERROR: %s\n", e._name());
    return 1;
  }
  return 0;
}
