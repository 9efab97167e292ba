// pingpong.cpp: a minimal Fast DDS ping-pong written by hand against libfastrtps, the reference for the
// generated fastdds roundtrip. The same QoS and transport as the generated processes: one UDPv4 transport limited
// to 127.0.0.1 with unicast discovery, reliable, keep-last 1, volatile, synchronous publishing, no data sharing.
// The client writes a Request and waits on its reply reader for the Reply with its sequence number; the server
// answers from its reader's listener.
//
//   pingpong server DOMAIN READY-FILE          runs until SIGTERM or SIGINT
//   pingpong client DOMAIN CALLS WARMUP         prints "n=N mean_ns=M p50_ns=P p99_ns=Q discovery_ns=D first_ns=F"
//
// discovery_ns: from the participant's creation to both endpoints matched; first_ns: from there to the first
// reply (the handshake). Build: fastddsgen PingPong.idl, then g++ pingpong.cpp PingPong*.cxx -lfastrtps -lfastcdr.
#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <memory>
#include <numeric>
#include <pthread.h>
#include <thread>
#include <unistd.h>
#include <vector>

#include <fastdds/dds/domain/DomainParticipant.hpp>
#include <fastdds/dds/domain/DomainParticipantFactory.hpp>
#include <fastdds/dds/publisher/DataWriter.hpp>
#include <fastdds/dds/publisher/Publisher.hpp>
#include <fastdds/dds/subscriber/DataReader.hpp>
#include <fastdds/dds/subscriber/DataReaderListener.hpp>
#include <fastdds/dds/subscriber/SampleInfo.hpp>
#include <fastdds/dds/subscriber/Subscriber.hpp>
#include <fastdds/dds/topic/Topic.hpp>
#include <fastdds/rtps/transport/UDPv4TransportDescriptor.h>
#include <fastrtps/utils/IPLocator.h>

#include "PingPongPubSubTypes.h"

using namespace eprosima::fastdds::dds;

namespace {

std::uint64_t now_ns()
{
  return static_cast<std::uint64_t>(
      std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch()).count());
}

struct Endpoints {
  DomainParticipant* participant = nullptr;
  DataWriter* writer = nullptr;
  DataReader* reader = nullptr;
};

DomainParticipantQos participant_qos()
{
  DomainParticipantQos qos;
  qos.transport().use_builtin_transports = false;
  auto udp = std::make_shared<eprosima::fastdds::rtps::UDPv4TransportDescriptor>();
  udp->interfaceWhiteList.push_back("127.0.0.1");
  qos.transport().user_transports.push_back(udp);
  eprosima::fastrtps::rtps::Locator_t peer;
  eprosima::fastrtps::rtps::IPLocator::setIPv4(peer, 127, 0, 0, 1);
  qos.wire_protocol().builtin.initialPeersList.push_back(peer);
  qos.wire_protocol().builtin.metatrafficMulticastLocatorList.clear();
  return qos;
}

/// A participant in `domain` writing `out` and reading `in` (topic names), with the benchmark's QoS.
template <class OutType, class InType>
Endpoints open(int domain, const char* out, const char* in, DataReaderListener* listener)
{
  Endpoints e;
  e.participant = DomainParticipantFactory::get_instance()->create_participant(domain, participant_qos());
  TypeSupport out_type(new OutType()), in_type(new InType());
  out_type.register_type(e.participant);
  in_type.register_type(e.participant);
  Topic* out_topic = e.participant->create_topic(out, out_type.get_type_name(), TOPIC_QOS_DEFAULT);
  Topic* in_topic = e.participant->create_topic(in, in_type.get_type_name(), TOPIC_QOS_DEFAULT);
  DataWriterQos wq = DATAWRITER_QOS_DEFAULT;
  wq.reliability().kind = RELIABLE_RELIABILITY_QOS;
  wq.history().kind = KEEP_LAST_HISTORY_QOS;
  wq.history().depth = 1;
  wq.data_sharing().off();
  wq.publish_mode().kind = SYNCHRONOUS_PUBLISH_MODE;
  e.writer = e.participant->create_publisher(PUBLISHER_QOS_DEFAULT)->create_datawriter(out_topic, wq);
  DataReaderQos rq = DATAREADER_QOS_DEFAULT;
  rq.reliability().kind = RELIABLE_RELIABILITY_QOS;
  rq.history().kind = KEEP_LAST_HISTORY_QOS;
  rq.history().depth = 1;
  rq.data_sharing().off();
  e.reader = e.participant->create_subscriber(SUBSCRIBER_QOS_DEFAULT)
                 ->create_datareader(in_topic, rq, listener, listener ? StatusMask::data_available() : StatusMask::none());
  return e;
}

void close(Endpoints& e)
{
  e.participant->delete_contained_entities();
  DomainParticipantFactory::get_instance()->delete_participant(e.participant);
}

class Echo : public DataReaderListener {
public:
  DataWriter* writer = nullptr;

  void on_data_available(DataReader* reader) override
  {
    SampleInfo info;
    while (reader->take_next_sample(&request_, &info) == ReturnCode_t::RETCODE_OK) {
      if (!info.valid_data)
        continue;
      reply_.client(request_.client());
      reply_.seq(request_.seq());
      reply_.send_time(request_.send_time());
      writer->write(&reply_);
    }
  }

private:
  PingPong::Request request_;
  PingPong::Reply reply_;
};

int serve(int domain, const char* ready_file)
{
  sigset_t stop;
  sigemptyset(&stop);
  sigaddset(&stop, SIGTERM);
  sigaddset(&stop, SIGINT);
  pthread_sigmask(SIG_BLOCK, &stop, nullptr);
  Echo echo;
  Endpoints e = open<PingPong::ReplyPubSubType, PingPong::RequestPubSubType>(domain, "pingpong_reply", "pingpong_request", &echo);
  echo.writer = e.writer;
  std::ofstream(ready_file) << domain << "\n";
  int signal = 0;
  sigwait(&stop, &signal);
  close(e);
  return 0;
}

class Caller {
public:
  explicit Caller(Endpoints& e) : e_(e) { request_.client(static_cast<std::uint32_t>(::getpid())); }

  /// Writes the next request and waits up to `timeout` for its reply.
  bool call(const eprosima::fastrtps::Duration_t& timeout)
  {
    request_.seq(++seq_);
    request_.send_time(now_ns());
    e_.writer->write(&request_);
    SampleInfo info;
    for (;;) {
      while (e_.reader->take_next_sample(&reply_, &info) == ReturnCode_t::RETCODE_OK) {
        if (info.valid_data && reply_.seq() == seq_)
          return true;
      }
      if (!e_.reader->wait_for_unread_message(timeout))
        return false;
    }
  }

private:
  Endpoints& e_;
  PingPong::Request request_;
  PingPong::Reply reply_;
  std::uint64_t seq_ = 0;
};

int call(int domain, long calls, long warmup)
{
  const std::uint64_t t0 = now_ns();
  Endpoints e = open<PingPong::RequestPubSubType, PingPong::ReplyPubSubType>(domain, "pingpong_request", "pingpong_reply", nullptr);
  PublicationMatchedStatus written;
  SubscriptionMatchedStatus read;
  do {
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
    e.writer->get_publication_matched_status(written);
    e.reader->get_subscription_matched_status(read);
    if (now_ns() - t0 > 30000000000ULL) {
      std::fprintf(stderr, "ERROR: no match within 30 s\n");
      return 1;
    }
  } while (written.current_count == 0 || read.current_count == 0);
  const std::uint64_t matched = now_ns();
  Caller caller(e);
  while (!caller.call(eprosima::fastrtps::Duration_t(0, 100000000))) { // the peer may not have matched us yet
    if (now_ns() - t0 > 30000000000ULL) {
      std::fprintf(stderr, "ERROR: no first reply within 30 s\n");
      return 1;
    }
  }
  const std::uint64_t first = now_ns();
  const eprosima::fastrtps::Duration_t limit(10, 0);
  std::vector<std::uint64_t> samples(static_cast<std::size_t>(calls));
  for (long i = -warmup; i < calls; ++i) {
    const std::uint64_t start = now_ns();
    if (!caller.call(limit)) {
      std::fprintf(stderr, "ERROR: no reply within 10 s\n");
      return 1;
    }
    if (i >= 0)
      samples[static_cast<std::size_t>(i)] = now_ns() - start;
  }
  close(e);
  const double mean = std::accumulate(samples.begin(), samples.end(), 0.0) / static_cast<double>(calls);
  std::sort(samples.begin(), samples.end());
  const auto at = [&](double q) { return samples[static_cast<std::size_t>(q * static_cast<double>(calls - 1) + 0.5)]; };
  std::printf("n=%ld mean_ns=%.0f p50_ns=%llu p99_ns=%llu discovery_ns=%llu first_ns=%llu\n", calls, mean,
              static_cast<unsigned long long>(at(0.5)), static_cast<unsigned long long>(at(0.99)),
              static_cast<unsigned long long>(matched - t0), static_cast<unsigned long long>(first - matched));
  return 0;
}

} // namespace

int main(int argc, char* argv[])
{
  ::setenv("SKIP_DEFAULT_XML_FILE", "1", 1);
  if (argc == 4 && std::strcmp(argv[1], "server") == 0)
    return serve(std::atoi(argv[2]), argv[3]);
  if (argc == 5 && std::strcmp(argv[1], "client") == 0 && std::atol(argv[3]) > 0)
    return call(std::atoi(argv[2]), std::atol(argv[3]), std::atol(argv[4]));
  std::fprintf(stderr, "usage: %s server DOMAIN READY-FILE | client DOMAIN CALLS WARMUP\n", argv[0]);
  return 2;
}
